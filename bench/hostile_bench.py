"""Hostile input, measured as the user meets it: each probe is a whole ``hexwright`` process
(``python -m editor.cli.main``) on a file made to hurt, timed with its peak memory
(``/usr/bin/time``), cut off at ``--limit`` seconds. Run it on two checkouts to compare:

    python -m bench.hostile_bench                      # this checkout
    python -m bench.hostile_bench --root /path/to/old  # another checkout, same probes

A probe passes when the process ends within a second, under 200 MB, with exit status 1 or 2
and a message naming the file (no traceback); a probe of a valid file in hostile surroundings
(a data cache of pipes) passes when the file is read, exit status 0."""

from __future__ import annotations

import argparse
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Probe:
    name: str
    make: Callable[[Path, Path], list[str]]  # (folder, checkout) -> the CLI arguments
    #: Environment variables of the probe's process, "{folder}" in a value standing for its
    #: scratch folder (the data cache a probe fills with what it will meet).
    env: tuple[tuple[str, str], ...] = ()
    #: The file is valid and must be read (exit 0) despite what surrounds it.
    valid: bool = False


def _demo(root: Path) -> str:
    return (root / "scenarios" / "armor" / "demo-crossroads.yaml").read_text(encoding="utf-8")


def _board(root: Path) -> str:
    return (root / "resources" / "armor" / "boards" / "J.yaml").read_text(encoding="utf-8")


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _zero(d: Path, _r: Path) -> list[str]:
    (d / "zero.yaml").symlink_to("/dev/zero")
    return ["validate", str(d / "zero.yaml")]


def _urandom(d: Path, _r: Path) -> list[str]:
    (d / "random.yaml").symlink_to("/dev/urandom")
    return ["validate", str(d / "random.yaml")]


def _fifo(d: Path, _r: Path) -> list[str]:
    os.mkfifo(d / "pipe.yaml")
    return ["validate", str(d / "pipe.yaml")]


def _printed_id(fmt: str) -> Callable[[Path, Path], list[str]]:
    def make(d: Path, r: Path) -> list[str]:
        text = _board(r).replace(
            'printed_id: "{section}{col:02d}{row:02d}"', f"printed_id: '{fmt}'"
        )
        return ["render", _write(d, "J.yaml", text), "-o", str(d / "out.png")]

    return make


def _many_entries(d: Path, r: Path) -> list[str]:
    entries = "".join("  - {unit: M4}\n" for _ in range(300_000))
    return [
        "validate",
        _write(d, "s.yaml", _demo(r).replace("  forces:\n", "  forces:\n" + entries, 1)),
    ]


def _million_units(d: Path, r: Path) -> list[str]:
    text = _demo(r).replace("  - unit: M4\n", "  - unit: M4\n    count: 1000000\n", 1)
    return ["play", _write(d, "s.yaml", text), "--bots", "random,random"]


def _billion_turns(d: Path, r: Path) -> list[str]:
    text = _demo(r).replace("  turns: 12\n", "  turns: 1000000000\n", 1)
    return ["play", _write(d, "s.yaml", text), "--bots", "random,random"]


def _wide_board(d: Path, r: Path) -> list[str]:
    text = _board(r)
    start = text.index("  columns:")
    end = text.index("\n", start)
    return ["validate", _write(d, "J.yaml", text[:start] + "  columns: [1, 100000]" + text[end:])]


def _far_region(d: Path, r: Path) -> list[str]:
    region = "{kind: within, distance: 5000000, of: {kind: hexes, hexes: [K2016]}}"
    marker = "  role: defender\n"
    text = _demo(r).replace(marker, marker + f"  deployment_modes:\n    far: {region}\n", 1)
    return ["validate", _write(d, "s.yaml", text)]


def _render_size(d: Path, r: Path) -> list[str]:
    return [
        "render",
        str(r / "scenarios/armor/demo-crossroads.yaml"),
        "-o",
        str(d / "x.png"),
        "--size",
        "300",
    ]


def _evil_replay(d: Path, r: Path) -> list[str]:
    text = '{"format": "hexwright-replay", "version": 1, "scenario": "../../../../../etc/passwd", '
    text += '"scenario_id": "x", "rules_version": "x", "seed": 1, "actions": []}'
    return ["replay", _write(d, "r.json", text)]


def _deep_replay(d: Path, _r: Path) -> list[str]:
    return ["replay", _write(d, "r.json", "[" * 100_000 + "]" * 100_000)]


def _unknown_verb(d: Path, _r: Path) -> list[str]:
    return ["card", "FILE"]


def _tmx_bomb(d: Path, _r: Path) -> list[str]:
    import base64
    import zlib

    packer = zlib.compressobj(9)
    packed = b"".join(packer.compress(bytes(1 << 26)) for _ in range(32)) + packer.flush()
    text = (
        '<map orientation="hexagonal" staggeraxis="x" width="10" height="10"><tileset '
        'firstgid="1"><tile id="0"><properties><property name="terrain" value="clear"/>'
        '</properties></tile></tileset><layer name="terrain"><data encoding="base64" '
        f'compression="zlib">{base64.b64encode(packed).decode()}</data></layer></map>'
    )
    return ["import", _write(d, "bomb.tmx", text), "-o", str(d / "b.yaml"), "--system", "armor"]


def _sweep_fifo(d: Path, _r: Path) -> list[str]:
    os.mkfifo(d / "pipe.yaml")
    return ["sweep", str(d / "pipe.yaml"), "-n", "1", "--jobs", "1", "--json", str(d / "s.json")]


def _resume_list(d: Path, r: Path) -> list[str]:
    demo = str(r / "scenarios/armor/demo-crossroads.yaml")
    old = _write(d, "old.json", "[1, 2, 3]")
    return ["sweep", demo, "-n", "1", "--jobs", "1", "--resume", old, "--json", str(d / "s.json")]


def _side_of_999(d: Path, r: Path) -> list[str]:
    entry = "  - unit: INFANTRY-SQUAD\n    count: 999\n    placement: {kind: hex, hex: K1917}\n"
    text = _demo(r).replace("  forces:\n", "  forces:\n" + entry, 1)
    return ["play", _write(d, "s.yaml", text)]


def _sections(d: Path, r: Path) -> list[str]:
    placed = "".join(
        f"    - {{section: J, offset: [0, {12 * k}]" + (f", label: J{k}" if k else "") + "}\n"
        for k in range(5000)
    )
    layout = f"    sections:\n{placed}    copies: {{J: 5000}}\n"
    text = _demo(r).replace("    preset: edge-to-edge\n    order: [J, K, L]\n", layout, 1)
    return ["validate", _write(d, "s.yaml", text)]


def _rich_purchase(d: Path, r: Path) -> list[str]:
    text = (r / "scenarios/soldiers/20-vire-bridges.yaml").read_text(encoding="utf-8")
    text = text.replace("points: 30, kind", "points: 100000, kind")
    return ["play", _write(d, "s.yaml", text), "--buy", "random"]


def _long_run(d: Path, r: Path) -> list[str]:
    import json

    demo = str(r / "scenarios/armor/demo-crossroads.yaml")
    replay = d / "r.json"
    subprocess.run(
        [sys.executable, "-m", "editor.cli.main", "play", demo, "--seed", "3", "--replay-out",
         str(replay)],
        env={**os.environ, "PYTHONPATH": str(r)}, capture_output=True, check=True, cwd=d,
    )  # fmt: skip
    data = json.loads(replay.read_text())
    first = next(i for i, a in enumerate(data["actions"]) if a.startswith("order us.M4.1 "))
    data["actions"][first] = "order us.M4.1 99999999999999999999"
    data.pop("fingerprints", None)
    replay.write_text(json.dumps(data))
    return ["replay", str(replay)]


def _big_edits(d: Path, r: Path) -> list[str]:
    hexes = ", ".join(["K2016"] * 9999)
    edits = "".join(f"  - {{hexes: [{hexes}], terrain: rough}}\n" for _ in range(200))
    text = _demo(r).replace("  overlays:\n", "  terrain_edits:\n" + edits + "  overlays:\n", 1)
    return ["validate", _write(d, "s.yaml", text)]


def _huge_png(d: Path, r: Path) -> list[str]:
    cells = ",".join(["1"] * 99 * 99)  # the largest map a Tiled import takes
    tmx = _write(
        d,
        "wide.tmx",
        '<map orientation="hexagonal" staggeraxis="x" width="99" height="99"><tileset '
        'firstgid="1"><tile id="0"><properties><property name="terrain" value="clear"/>'
        f'</properties></tile></tileset><layer name="terrain"><data encoding="csv">{cells}'
        "</data></layer></map>",
    )
    board = str(d / "W.yaml")
    subprocess.run(
        [sys.executable, "-m", "editor.cli.main", "import", tmx, "-o", board, "--system", "armor"],
        env={**os.environ, "PYTHONPATH": str(r)}, capture_output=True, check=True, cwd=d,
    )  # fmt: skip
    return ["render", board, "-o", str(d / "W.png"), "--size", "64"]


def _enemies_in_one_hex(d: Path, r: Path) -> list[str]:
    """A Panzer '44 position with the Sherman moved into the German platoon's hex."""
    source = r / "tests/positions/panzer44/ip-garrison-disrupted-2.yaml"
    text = source.read_text(encoding="utf-8").replace("hex: 0911", "hex: '1011'")
    scenario = source.parent / "scenarios" / "ip-garrison.yaml"
    text = text.replace("scenario: scenarios/ip-garrison.yaml", f"scenario: {scenario}")
    return ["position", _write(d, "pos.yaml", text)]


def _pc_overstacked(d: Path, r: Path) -> list[str]:
    """A Panzer Command position between Segments with 8 Soviet Steps in 3108 [§5.2]."""
    source = r / "tests/positions/panzer-command/t34-beside-the-pak.yaml"
    text = source.read_text(encoding="utf-8")
    for old, new in (
        ("- id: soviet.su-t34.2\n  hex: '3107'", "- id: soviet.su-t34.2\n  hex: '3108'"),
        ("- id: soviet.su-t34.3\n  hex: '3603'", "- id: soviet.su-t34.3\n  hex: '3108'"),
        ("step: segment", "step: action"),
        ("  chit: soviet:regiment-2\n", ""),
        ("scenario: ../../../", f"scenario: {r}/"),
    ):
        text = text.replace(old, new)
    return ["position", _write(d, "pos.yaml", text)]


def _many_large_boards(d: Path, r: Path) -> list[str]:
    """32 sections of the user's own 99 x 99 Armor boards edge to edge (313,632 hexes), each
    within its own limits (the boards made by this checkout's board editor code)."""
    from model.boardedit import blank_board, save_board
    from model.systems import GameSystem

    for i in range(32):
        save_board(blank_board(GameSystem.ARMOR, f"X{i:02d}", 99, 99), d / "boards")
    order = ", ".join(f"X{i:02d}" for i in range(32))
    text = _demo(r).replace(
        "    preset: edge-to-edge\n    order: [J, K, L]\n",
        f"    preset: edge-to-edge\n    order: [{order}]\n",
    )
    return ["validate", _write(d, "s.yaml", text)]


def _cache_pipes(d: Path, r: Path) -> list[str]:
    """Each of the demonstration's boards' data-cache entries a pipe (named as the cache names
    them: model.datacache)."""
    cache = d / "cache"
    cache.mkdir()
    for board in ("J", "K", "L"):
        name = str(r / "resources" / "armor" / "boards" / f"{board}.yaml")
        key = hashlib.sha256(f"BoardSection\0{name}".encode()).hexdigest()[:32]
        os.mkfifo(cache / f"BoardSection-{key}.pickle")
    return ["validate", str(r / "scenarios/armor/demo-crossroads.yaml")]


def _valid(d: Path, r: Path) -> list[str]:
    return ["validate", str(r / "scenarios/armor/demo-crossroads.yaml")]


#: The first probe is no attack: a valid file, the time a process takes to start and check.
PROBES = (
    Probe("(reference: validate a valid scenario)", _valid),
    Probe("scenario -> /dev/zero", _zero),
    Probe("scenario -> /dev/urandom", _urandom),
    Probe("scenario is a FIFO", _fifo),
    Probe("printed_id {col:0200000000d}", _printed_id("{col:0200000000d}")),
    Probe("printed_id {nope}", _printed_id("{nope}")),
    Probe("300,000 force entries", _many_entries),
    Probe("1,000,000 units in one entry (play)", _million_units),
    Probe("1,000,000,000 turns (play)", _billion_turns),
    Probe("board 100,000 columns wide", _wide_board),
    Probe("region within 5,000,000 hexes", _far_region),
    Probe("render --size 300", _render_size),
    Probe("replay names ../../etc/passwd", _evil_replay),
    Probe("replay nested 100,000 deep", _deep_replay),
    Probe("unknown verb (hexwright card FILE)", _unknown_verb),
    Probe("Tiled map, zlib layer of 2 GB (import)", _tmx_bomb),
    Probe("sweep of a FIFO", _sweep_fifo),
    Probe("sweep --resume of a JSON list", _resume_list),
    Probe("a side of 1,005 units (play)", _side_of_999),
    Probe("a layout of 5,000 sections", _sections),
    Probe("Soldiers 100,000-FP budget (play --buy)", _rich_purchase),
    Probe("Armor order of 10^20 hexes (replay)", _long_run),
    Probe("14 MB of terrain edits (2,000,000 hexes)", _big_edits),
    Probe("PNG of a 99 x 99 board at 64 px a hex", _huge_png),
    Probe("P44 position, enemies in one hex", _enemies_in_one_hex),
    Probe("PC position, 8 Steps in a hex between Segments", _pc_overstacked),
    Probe(
        "32 sections of 99 x 99 boards (313,632 hexes)",
        _many_large_boards,
        (("HEXWRIGHT_BOARDS", "{folder}/boards"),),
    ),
    Probe(
        "data cache entries are pipes (valid file)",
        _cache_pipes,
        (("HEXWRIGHT_CACHE", "{folder}/cache"),),
        valid=True,
    ),
)


def run(probe: Probe, root: Path, limit: float, start: float = 0.0) -> tuple[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        args = probe.make(Path(folder), root)
        command = ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "editor.cli.main", *args]
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
        env |= {name: value.format(folder=folder) for name, value in probe.env}
        process = subprocess.Popen(  # its own process group: a hang is killed whole
            command,
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
        try:
            _out, err = process.communicate(timeout=limit)
            done = subprocess.CompletedProcess(command, process.returncode, _out, err)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return f"{probe.name:<40} {'> ' + str(int(limit)) + ' s':>9} {'?':>9}  hangs", limit
        *_, timing = done.stderr.strip().splitlines() or ["0 0"]
        seconds, kb = timing.split()[-2:] if len(timing.split()) >= 2 else ("0", "0")
        traceback = "Traceback" in done.stderr
        code = done.returncode
        spent = float(seconds)
        fast = spent - start < 1.0  # beyond what a process takes to start and check a file
        ok = (code == 0 if probe.valid else code in (1, 2)) and not traceback
        ok = ok and fast and int(kb) < 200_000
        verdict = "ok" if ok else ("traceback" if traceback else f"exit {code}")
        if code == 0 and not start:
            verdict = "reference"
        return f"{probe.name:<40} {spent:8.2f}s {int(kb) / 1024:8.0f}MB  {verdict}", spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to probe")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds before a probe hangs")
    parser.add_argument("--only", default="", help="the probes whose name holds this text")
    args = parser.parse_args()
    print(f"hostile input, {args.root}  (time, peak memory, verdict: ok = refused with a")
    print("message, exit 1 or 2, within 1 s of the reference and under 200 MB)")
    line, start = run(PROBES[0], args.root.resolve(), args.limit)
    print(line, flush=True)
    for probe in PROBES[1:]:
        if args.only.lower() in probe.name.lower():
            print(run(probe, args.root.resolve(), args.limit, start)[0], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
