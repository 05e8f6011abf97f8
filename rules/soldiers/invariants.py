"""What must hold of every Soldiers position (the seeded fuzz asks it after every action):

- every man on the map stands on a hex of the map, and is of the game;
- no man is both on the map and waiting to enter [19.32], moved off it [7.26] or lost to a
  depleted squad's draw [19.21];
- a disabled man is killed or incapacitated [8.44], or captured [9]; a prisoner's guard is
  the enemy's [9];
- a pillbox holds at most five able men [18.51];
- every chit stands on a space of the Command Track [5.1], and a committed chit is its own
  side's [5.2];
- a chit removed for catastrophic loss stands Off and is not committed; a chit loss waiting
  offers chits of its squad still on the track, none of them the chit active now [6.28];
- the men an active chit's turn commands, has ordered, has under orders now or moves as a
  group are of the chit's side [6.21-6.24], and no turn has more orders left than the game
  has men or its best leader's command rating [6.22-6.23].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.invariants import on_map_and_gone

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.engine.core import State
    from rules.soldiers.game import SoldiersState

#: What a disabled man may be [8.44; 9].
DISABLED = ("killed", "incapacitated", "captured")


def invariants(state: State) -> list[str]:
    """What is wrong with the position, in words (empty: nothing)."""
    from rules.soldiers.game import SoldiersState
    from rules.soldiers.records import OFF, SPACES

    assert isinstance(state, SoldiersState)
    g = state.game
    troops = state.troops
    wrong: list[str] = []
    for man, h in troops.hexes.items():
        if man not in g.men:
            wrong.append(f"{man} is on the map but not of the game")
        if h not in g.amap.hexes:
            wrong.append(f"{man} stands off the map at {h}")
        gone = (
            ("waiting to enter [19.32]", troops.waiting),
            ("moved off the map [7.26]", troops.exited),
            ("lost to the depleted draw [19.21]", troops.lost),
        )
        wrong += on_map_and_gone(man, gone)
    for man, how in troops.disabled.items():
        if how not in DISABLED:
            wrong.append(f"{man} is disabled as '{how}' [8.44; 9]")
    for man, guard in troops.captured.items():
        if man in g.men and guard in g.men and g.men[man].side == g.men[guard].side:
            wrong.append(f"{man} is guarded by his own side's {guard} [9]")
    wrong += _pillboxes(state)
    for chit, space in state.track.space.items():
        if space not in SPACES:
            wrong.append(f"chit {chit} on '{space}', not a space of the Command Track [5.1]")
    for side, committed in state.track.committed.items():
        if committed is not None and committed in g.chits and g.chits[committed].side != side:
            wrong.append(f"{side} committed the enemy's chit {committed} [5.2]")
    track = state.track
    for chit in sorted(track.removed):
        if track.space.get(chit) != OFF or chit in track.committed.values():
            wrong.append(f"chit {chit} removed [6.28] but on the track or committed")
    losing = track.losing
    if losing is not None:
        for chit in losing.chits:
            on = chit in g.chits and g.chits[chit].squad == losing.squad
            if not on or chit in track.removed or chit == state.active.chit:
                wrong.append(f"chit {chit} offered for {losing.squad}'s loss [6.28]")
    wrong += _active_turn(state)
    return wrong


def _active_turn(state: SoldiersState) -> list[str]:
    """The active chit's men are its side's; its orders left are bounded [6.21-6.24]."""
    g, active = state.game, state.active
    wrong: list[str] = []
    chit = g.chits.get(active.chit) if active.chit is not None else None
    if chit is not None:
        men = (
            ("in command", active.in_command),
            ("ordered", active.ordered),
            ("under orders", {active.current} if active.current is not None else set()),
            ("in the group", set(active.group)),
        )
        for what, who in men:
            for man in sorted(who):
                if man in g.men and g.men[man].side != chit.side:
                    wrong.append(f"{man} is {what} in {chit.side}'s chit {active.chit} [6.21]")
    most = max([len(g.men), *(m.command for m in g.men.values())])
    if active.orders_left > most:
        wrong.append(
            f"{active.orders_left} orders left, more than the game's {len(g.men)} men or a "
            "leader's command rating gives [6.22-6.23]"
        )
    return wrong


def _pillboxes(state: SoldiersState) -> list[str]:
    """A pillbox holds at most five able men [18.51] (the disabled are carried in, not
    counted: :func:`rules.soldiers.preparations.why_not_enter`)."""
    from rules.soldiers.preparations import PILLBOX_MEN, kinds

    inside: dict[Hex, list[str]] = {}
    for man, h in state.troops.hexes.items():
        if man not in state.troops.disabled:
            inside.setdefault(h, []).append(man)
    return [
        f"{', '.join(sorted(men))}: {len(men)} able men in the pillbox in "
        f"{state.game.name(h)}, over {PILLBOX_MEN} [18.51]"
        for h, men in sorted(inside.items(), key=lambda kv: state.game.name(kv[0]))
        if len(men) > PILLBOX_MEN and "pillbox" in kinds(state, h)
    ]
