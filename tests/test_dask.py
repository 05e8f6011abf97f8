"""Balance batches on a Dask cluster (rules/bots/balance.py's ``batch_executor``; issue 17).

Dask is the optional ``cluster`` extra; CI installs it (``make test`` installs ``.[dev,cluster]``)
so these tests run there.
"""

from __future__ import annotations

from pathlib import Path

from rules.bots.balance import DaskCluster, batch_executor, play_game, run_batch, specs_for

ROOT = Path(__file__).resolve().parent.parent
DRIANT = str(ROOT / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml")


def test_a_local_dask_cluster_plays_the_games_the_process_pool_plays() -> None:
    specs = specs_for(DRIANT, 6, ["random", "random"], first_seed=20)
    with batch_executor(2) as pool:
        local = {r.seed: r for r in run_batch(specs, pool)}
    with batch_executor(cluster="local:2") as cluster:
        remote = {r.seed: r for r in run_batch(specs, cluster)}
        # Cancelled after its first game, then run again on the same cluster: every game.
        done: list[int] = []
        first = run_batch(
            specs, cluster, lambda r, n, total: done.append(n), cancelled=lambda: bool(done)
        )
        again = {r.seed: r for r in run_batch(specs, cluster)}
    assert sorted(remote) == sorted(local) == list(range(20, 26))
    for seed, result in remote.items():
        assert result.error is None, result.error
        assert result.fingerprint == local[seed].fingerprint, seed
        assert (result.winner, dict(result.vp)) == (local[seed].winner, dict(local[seed].vp))
    assert 1 <= len(first) < len(specs)
    assert {s: r.fingerprint for s, r in again.items()} == {
        s: r.fingerprint for s, r in local.items()
    }


def test_cancelling_a_game_does_not_cancel_the_same_game_of_a_batch_run_again() -> None:
    # The fault, deterministically: the batch is run again before the cancelled run has cleaned
    # up (the editor's batch thread cancels its games as the new batch starts). With Dask's
    # pure tasks both runs' game had one key, and cancelling the old cancelled the new
    # (CancelledError); now each submission is a task of its own.
    spec = specs_for(DRIANT, 1, ["random", "random"], first_seed=7)[0]
    with DaskCluster(workers=1) as cluster:
        old, new = cluster.executor(), cluster.executor()
        stale = old.submit(play_game, spec)
        fresh = new.submit(play_game, spec)
        assert stale.cancel()
        result = fresh.result(timeout=300)
    assert result.error is None and result.fingerprint == play_game(spec).fingerprint


def test_a_scheduler_that_does_not_answer_leaves_no_thread_behind() -> None:
    """A Dask Client that fails to connect keeps its event-loop thread ("IO loop") for good;
    in a process with Qt that thread's garbage collections can delete Qt objects from the
    wrong thread. Nothing is left when the scheduler does not answer."""
    import threading

    import pytest

    from rules.bots.balance import ClusterUnavailableError

    before = {t.ident for t in threading.enumerate()}
    with pytest.raises(ClusterUnavailableError, match=r"^no Dask scheduler at tcp://127.0.0.1:9: "):
        DaskCluster(scheduler="tcp://127.0.0.1:9")
    left = [t.name for t in threading.enumerate() if t.ident not in before]
    assert "IO loop" not in left, left


def test_tune_on_a_local_dask_cluster_gives_the_report_the_process_pool_gives() -> None:
    """``hexwright tune --cluster local:2`` (issue 22: "runs on local processes or on the Dask
    cluster"): the same knobs, bots and seeds give the same measured settings and suggestion
    on a Dask cluster as on local processes."""
    from dataclasses import replace

    from model.scenario_io import parse_scenario
    from rules.bots.knobs import knobs_of, parse_knob
    from rules.bots.tune import tune

    text = Path(DRIANT).read_text(encoding="utf-8")
    knobs = [parse_knob("length=6..8", knobs_of(parse_scenario(text, DRIANT).scenario))]

    def measured(where: dict[str, object]) -> object:
        with batch_executor(**where) as pool:  # type: ignore[arg-type]
            report = tune(DRIANT, text, knobs, 3, ["random", "random"], pool, today="2026-12-02")
        return replace(report, seconds=0.0)

    local, remote = measured({"jobs": 2}), measured({"cluster": "local:2"})
    assert remote == local
    assert remote.played == 3 * 3  # type: ignore[attr-defined]  # 6, 7, 8 turns: 3 games each
