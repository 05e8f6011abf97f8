"""Soldiers positions as data (STYLE point 25): a state written as a position file and read back
into an equal state (:mod:`rules.records.position` reads and checks the file).

Each man is listed with his hex and his state in the book's words (``suppressed``, ``wounded``,
``killed``, ``incapacitated`` [8.44], ``captured`` when he surrendered able [9.8], ``jammed``,
``ammo-out`` [8.51]); an MMG's or HMG's own markers (``guns_jammed``, ``guns_ammo_out`` [14.1;
19.54]); the clips each man or gun has loaded and the grenades each has thrown
(``clips_spent``, ``grenades_thrown`` [8.52; 12]), each prisoner's guard (``captured`` [9.3]),
the men marked for reaction fire this phase (``turn.reacted`` [8.65]) and a chance to react
not yet resolved (``turn.reaction`` [8.6]); the rest is the Command Cycle's: the advantage [10.4],
who acts first in the Command Phase and who has acted [5.2], each chit's space on the Command
Track [5.1] and each side's committed chit, the step a game over ended in when not the Command
Phase (``ended_in``: a Command Cycle ended in its Action Phase [4], a condition met at once
[19.7]), and the turn of the active chit: its risk level
[6.11] (``risk_rolled`` false while an independent turn's man is still to be selected [6.23],
or a leader turn far from the enemy is still to be declared [3B; 6.3]), whether it was declared
an operational turn (``operational_turn`` [6.3]), scenario 26's first-cycle US leader chit
played as a leader or independent chit, asked or chosen (``chit_as`` [26.3]), an operational
move held for a hidden MG's owner to choose (``held_move``) and the men and guns he chose to
wait for (``waited``) [14.12],
a damage waiting on a player's choice of the man hit (``damage`` [8.41; 8.43]), a hand-to-hand
hit or minefield attack waiting on its man, or the hand-to-hand lines on their placing
(``victim`` [8.82; 18.41; 8.81]), a destroy equipment action waiting on its player's choice
(``wrecking`` [9.5]), the end of a Command Cycle waiting on the players' choice of the
suppressed men who stand up (step ``cycle-end``, ``stand_up`` [4]), the orders left and who
may take one [6.21], the man under orders with his Action Points [6.2], each man's shots
[8.1], the hexes whose men's sight counted when his actions started (``friendly_eyes``,
``enemy_eyes`` [7.23]; left out, judged from the position) and whether he may move no further
(``stopped`` [18.33])::

    turn: 2                       # the Command Cycle
    step: action                  # command, action, or over
    units:
      - {id: us.austin, hex: C1710, status: [wounded]}
      - {id: german.mueller, hex: C1811, status: [killed]}
    state:
      advantage: us
      first: us
      acted: []
      chits: {us.e.sl: "4", us.e.asl: X2, german.a.ind: Start}
      committed: {us: us.e.sl}
      turn: {chit: us.e.sl, risk: Bold, orders_left: 1, in_command: [us.austin],
             ordered: [us.baker], current: us.baker, ap: 3.0, shots: {us.baker: 1}}

A chit the file leaves out is in Start. Scenarios 20-26 add: the men off the map, waiting to
enter (``waiting`` [19.32]), moved off (``exited`` [7.26]) or lost to a depleted squad's draw
(``lost`` [19.21]), each with no hex; how many Event A and B results have come (``events``
[6.12]) and the Command Cycle each came in (``event_cycles`` [21.3]), the reinforcement
groups that may enter (``eligible``), the zone each reinforcing squad entered in
(``entry_zones`` [19.34]), and the side last in each hex (``last_in`` [19.7]).
Support weapons (``support``, :class:`rules.soldiers.support.SupportPosition`): the men on
overwatch [13.1], each prepared MMG's or HMG's hex and arrow [14.2; 14.21]. Fire support
(``fire_support``, :class:`rules.soldiers.fire_support.FireSupportPosition`): each side's
artillery calls, the Target Acquisition, Rubble and Crater markers, the free call [17], the
satchel charges thrown [16.22].
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from pydantic import Field, NonNegativeInt

from model.base import StrictModel
from model.errors import did_you_mean
from model.position import GamePosition, UnitPlace
from model.scenario_io import to_data
from model.yamlio import PathKey
from rules.engine.core import State
from rules.maps.named import HexesByName
from rules.records.places import listed_units, sides, state_section, statuses, units, whole
from rules.records.position import PositionReader
from rules.soldiers import choice_positions as choices
from rules.soldiers import kit as kit_io
from rules.soldiers import minefields, smoke, wire
from rules.soldiers import support as support_io
from rules.soldiers.actions import REACTIONS
from rules.soldiers.arrivals import EVENT_LETTERS
from rules.soldiers.capture import ALONE
from rules.soldiers.delayed_entry import ON_TIME
from rules.soldiers.fire_support import FireSupportPosition, read_position, write_position
from rules.soldiers.minefields import MinefieldsPosition
from rules.soldiers.moves import judge_sight
from rules.soldiers.records import (
    RISKS,
    SPACES,
    ActiveTurn,
    Arrivals,
    Battlefield,
    CommandTrack,
    DamageChoice,
    HeldMove,
    Play,
    Reaction,
    Troops,
    VictimChoice,
)
from rules.soldiers.smoke import SmokePosition
from rules.soldiers.wire import WirePosition

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

SUPPRESSED, WOUNDED, KILLED, INCAPACITATED = "suppressed", "wounded", "killed", "incapacitated"
JAMMED, AMMO_OUT, CAPTURED = "jammed", "ammo-out", "captured"
STATUSES = (SUPPRESSED, WOUNDED, KILLED, INCAPACITATED, CAPTURED, JAMMED, AMMO_OUT)


#: Action Points a man may have left: our bound, far above an order's (an operational move
#: gives the most, 8 [6.3]); an infinite number was read, and the man never ran out.
MAX_AP = 20.0


class ReactionPosition(StrictModel):
    """A chance to react [8.6]: the reacting side, the hex of the active man, the trigger
    (``move`` or ``sustained``), the hex sustained fire hit, and each man's declaration."""

    side: str
    hex: str
    trigger: str = "move"
    target: str | None = None
    declared: dict[str, str] = Field(default_factory=dict)


class HeldMovePosition(StrictModel):
    """An operational move held for a hidden MG's owner to choose [14.12]: the man, the hexes
    of his move, the owner, the guns still to choose for."""

    man: str
    path: list[str]
    owner: str
    guns: list[str]


class ShotLeftPosition(StrictModel):
    """A reaction shot still to be resolved after a damage choice [8.62]: the man, the hex, the
    fire type, and its hit chance worked out with the others [8.6] (steps, placeholders)."""

    man: str
    hex: str
    fire_type: str
    chance: int
    steps: list[str] = Field(default_factory=list)
    placeholders: list[str] = Field(default_factory=list)


class DamageChoicePosition(StrictModel):
    """A damage procedure waiting on a player's choice of the man hit [8.41; 8.43]: who
    chooses, whose man, among whom; the shot (firing man, fire type, hex, damage table, fire
    roll, the firer's side, the side hit first [8.84], sustained, into a hex both sides hold,
    the men standing when the same APs were paid [8.34]); the chain so far (men hit, last
    damage roll, the roll waiting for its man); what follows (``shot``, ``member`` [7.1],
    ``reaction`` with the shots left and the group's AP [8.62; 7.11])."""

    chooser: str
    side: str
    men: list[str]
    shooter: str
    fire_type: Literal["quick", "aimed", "sustained"]
    hex: str
    table: str
    fire_roll: int = Field(ge=1, le=10)
    firer: str
    first: str
    sustained: bool = False
    mutual: bool = False
    standing_before: list[str] = Field(default_factory=list)
    hit: list[str] = Field(default_factory=list)
    previous: int | None = Field(default=None, ge=1, le=10)
    roll: int | None = Field(default=None, ge=1, le=10, description="the roll awaiting its man")
    then: Literal["shot", "member", "reaction"] = "shot"
    shots_left: list[ShotLeftPosition] = Field(default_factory=list)
    ap_left: float = Field(default=0.0, ge=0, le=MAX_AP)


class SetLeftPosition(StrictModel):
    """A hand-to-hand set, its attackers and defenders [8.81; 8.82]."""

    attackers: list[str]
    defenders: list[str]


class VictimChoicePosition(StrictModel):
    """A hand-to-hand hit or a minefield attack waiting on a player's choice of its man [8.82;
    18.41]: ``melee`` or ``minefield``, who chooses, whose man, among whom, the hex and why;
    hand-to-hand: the set's number, a capture attempt [9.1] and the sets from the one waiting
    on; a minefield: the move (the man, his path as entered), the hidden guns it concerns
    [14.12] and the alertness roll [18.41]; ``lineup``: the hand-to-hand lines being laid out
    [8.81], ``men`` the line's men the next man may face, ``sets`` the sets laid out so far and
    ``placing`` the men still to place, the next first."""

    kind: Literal["melee", "minefield", "lineup"]
    chooser: str
    side: str
    men: list[str]
    hex: str
    why: str = ""
    set_number: int = Field(default=0, ge=0)
    capture: bool = False
    sets: list[SetLeftPosition] = Field(default_factory=list)
    mover: str = ""
    path: list[str] = Field(default_factory=list)
    gun: str | None = None
    forbade: str | None = None
    alertness: int = Field(default=0, ge=0, le=10)
    placing: list[str] = Field(
        default_factory=list, description="the men still to place in the line-up [8.81]"
    )


PHASES = ("command", "action", "operational", "cycle-end")
OVER = "over"


class TurnPosition(StrictModel):
    """The active chit's turn [6]: the chit (none between Action Phases), its risk level, the
    orders left, the men in command who may take one, the men ordered in it and in the one
    before, the man under orders with his Action Points, and each man's shots."""

    chit: str | None = None
    risk: str = "Cautious"
    orders_left: int = Field(default=0, ge=0)
    in_command: list[str] = Field(default_factory=list)
    ordered: list[str] = Field(default_factory=list)
    previously_ordered: list[str] = Field(default_factory=list)
    current: str | None = None
    ap: float = Field(default=0.0, ge=0, le=MAX_AP)
    shots: dict[str, int] = Field(default_factory=dict)
    friendly_eyes: list[str] | None = None
    enemy_eyes: list[str] | None = None
    stopped: bool = False
    risk_rolled: bool = True
    reacted: list[str] = Field(default_factory=list)
    reaction: ReactionPosition | None = None
    group: list[str] = Field(default_factory=list, description="a group's men [6.24; 7.1]")
    step: str | None = Field(default=None, description="the group's open step: 'combat 3'")
    step_men: list[str] = Field(default_factory=list)
    group_wounded: list[str] = Field(default_factory=list)
    engaged: str | None = Field(
        default=None, description="the enemy-occupied hex the men under orders began in [8.83]"
    )
    may_leave: bool = Field(default=False, description="only suppressed enemies there [8.83]")
    step_hex: str | None = Field(
        default=None, description="the hex the open step's fire goes into [8.2; 12.12]"
    )
    step_targets: dict[str, bool] = Field(
        default_factory=dict,
        description="the step's target men as they stood when its APs were paid, suppressed or "
        "not [8.34; 8.41]",
    )
    fired_at: list[str] = Field(
        default_factory=list, description="enemy men fired at this Action Phase [8.21]"
    )
    rifle_modes: dict[str, Literal["semi", "auto"]] = Field(
        default_factory=dict, description="the mode each assault rifle fired in this phase [8.71]"
    )
    operational_turn: bool = Field(default=False, description="an operational turn [6.3]")
    held_move: HeldMovePosition | None = Field(
        default=None, description="an operational move held for a hidden MG's owner [14.12]"
    )
    waited: list[str] = Field(
        default_factory=list, description="man/gun: the owner chose to wait [14.12]"
    )
    damage: DamageChoicePosition | None = Field(
        default=None, description="a damage waiting on the choice of the man hit [8.41]"
    )
    victim: VictimChoicePosition | None = Field(
        default=None,
        description="a hand-to-hand hit or minefield attack waiting on its man [8.82; 18.41]",
    )
    wrecking: choices.WreckingPosition | None = Field(
        default=None, description="a destroy equipment action waiting on its choice [9.5]"
    )
    fire_types: choices.FireTypesPosition | None = Field(
        default=None, description="reaction fire waiting on its fire types [8.63]"
    )
    chit_as: Literal["asked", "leader", "independent"] | None = Field(
        default=None,
        description="26's first cycle: a US leader chit's play, asked or chosen [26.3]",
    )


class SoldiersPositionState(StrictModel):
    """The rest of a Soldiers game's state in a position file.

    Attributes:
        advantage: the side with the advantage [10.4].
        first: the side that acts first in this Command Phase (the advantage's by default).
        acted: the sides that have acted in this Command Phase, in order [5.2].
        chits: each chit's space on the Command Track (Start when left out) [5.1].
        committed: each side's committed chit, if it has one [5.2].
        last_chit: the chit active in the previous Action Phase (it may not commit) [5.2].
        bidding: the side to bid now, or ``done`` when bidding has ended [5.31].
        removed_chits: the chits removed for catastrophic loss [6.28] (their space Off).
        asl_free: assistant squad leaders to whom command passed [6.22].
        asl_reduced: assistant squad leaders whose command rating is 1 for good [6.22].
        turn: the active chit's turn.
    """

    advantage: str = ""
    first: str | None = None
    acted: list[str] = Field(default_factory=list)
    chits: dict[str, str] = Field(default_factory=dict)
    committed: dict[str, str] = Field(default_factory=dict)
    last_chit: str | None = None
    bidding: str | None = None
    removed_chits: list[str] = Field(default_factory=list)
    asl_free: list[str] = Field(default_factory=list)
    asl_reduced: list[str] = Field(default_factory=list)
    attached: dict[str, str] = Field(
        default_factory=dict,
        description="leaderless squad: the squad whose leaders order it [6.27]",
    )
    attaching: choices.AttachingPosition | None = Field(
        default=None, description="a leaderless squad waiting on its owner's choice [6.27]"
    )
    losing: choices.LosingPosition | None = Field(
        default=None, description="a squad's chit to remove, its owner's choice [6.28]"
    )
    turn: TurnPosition = Field(default_factory=TurnPosition)
    waiting: list[str] = Field(default_factory=list)
    operational: list[str] = Field(default_factory=list)
    cycle_ends: bool = Field(default=False, description="End Command Cycle came [4]")
    ended_in: str | None = Field(
        default=None,
        description="the step a game over ended in, when not 'command' [4; 19.7]",
    )
    stand_up: choices.StandUpPosition | None = Field(
        default=None, description="the suppressed men each owner stands up [4] (cycle-end)"
    )
    exited: list[str] = Field(default_factory=list)
    destroyed: list[str] = Field(
        default_factory=list, description="men whose weapon was destroyed [9.5]"
    )
    weaponless: list[str] = Field(
        default_factory=list,
        description="men whose weapon a man without one took: they carry none [7.33; 14.13]",
    )
    guns_jammed: list[str] = Field(
        default_factory=list, description="MMGs and HMGs jammed, by the gun's id [8.51; 14.1]"
    )
    guns_ammo_out: list[str] = Field(
        default_factory=list,
        description="MMGs and HMGs out of ammo, by the gun's id [8.51; 19.54]",
    )
    taken_off: list[str] = Field(
        default_factory=list, description="prisoners led off the map by their guard [7.26; 9]"
    )
    carried: dict[str, str] = Field(
        default_factory=dict, description="weapons carried other than the counter's [7.33; 11.2]"
    )
    carrying: dict[str, str] = Field(
        default_factory=dict, description="the disabled man each man carries [11.3]"
    )
    grenades_taken: dict[str, int] = Field(
        default_factory=dict,
        description="grenades each man took (+), or gave or lost destroyed (-) [7.33; 9.5; 12]",
    )
    weather: str = Field(default="", description="the battle condition an event set [10.6]")
    closed_hexes: dict[str, str] = Field(
        default_factory=dict, description="hexes an event closed, and why [10.6]"
    )
    lasting_smoke: list[str] = Field(
        default_factory=list, description="smoke an event left for the scenario [10.6; 12.51]"
    )
    fire_targets: list[list[str]] = Field(
        default_factory=list, description="hexes fired at, by Action Phase [10.6]"
    )
    objectives_destroyed: list[str] = Field(
        default_factory=list, description="hexes of objectives destroyed [20.6; 22.6]"
    )
    event_marks: list[str] = Field(
        default_factory=list, description="what scenario events left pending or set [22.6]"
    )
    sighted: list[str] = Field(
        default_factory=list, description="hexes a mission's side has had in sight [24.3]"
    )
    lost: list[str] = Field(default_factory=list)
    events: dict[str, NonNegativeInt] = Field(
        default_factory=dict, description="Event A and B results drawn so far [6.12]"
    )
    event_cycles: dict[str, int] = Field(default_factory=dict)
    eligible: list[str] = Field(default_factory=list)
    inactive_chits: list[str] = Field(
        default_factory=list, description="chits the Chit Activation Table still holds [26.4]"
    )
    activation_rolls: int = Field(default=0, ge=0, description="rolls on that table [26.4]")
    entry_zones: dict[str, str] = Field(
        default_factory=dict,
        description="the zone each reinforcing squad entered in: specified or BOARD/N [19.34]",
    )
    zone_group: int = Field(
        default=0, ge=0, description="scenario 25's US zone group rolled, 0: none [25.5]"
    )
    last_in: dict[str, str] = Field(default_factory=dict)
    clips_spent: dict[str, int] = Field(default_factory=dict)
    grenades_thrown: dict[str, int] = Field(default_factory=dict)
    captured: dict[str, str] = Field(default_factory=dict)
    support: support_io.SupportPosition | None = None  # overwatch, MGs [13; 14]
    fire_support: FireSupportPosition | None = None  # artillery and satchel charges [16.2; 17]
    smoke: SmokePosition | None = None  # smoke grenades and markers [12.5]
    wire: WirePosition | None = None  # remove wire performed [18.32]
    minefields: MinefieldsPosition | None = None  # bought minefields revealed [18.41]
    kit: kit_io.KitPosition | None = None  # MG parts, satchels, radios, clips taken [7.33]


# --- writing ------------------------------------------------------------------------------------


def to_position(state: SoldiersState) -> GamePosition:
    """The state as a position file's data."""
    game, track, turn = state.game, state.track, state.active
    extra = SoldiersPositionState(
        advantage=state.play.advantage,
        first=state.play.order[0],
        acted=list(state.play.acted),
        chits={c: s for c, s in sorted(track.space.items()) if s != "Start"},
        committed={s: c for s, c in sorted(track.committed.items()) if c is not None},
        last_chit=track.last_chit,
        bidding=track.bidding,
        removed_chits=sorted(track.removed),
        asl_free=sorted(track.asl_free),
        asl_reduced=sorted(track.asl_reduced),
        attached=dict(sorted(track.attached.items())),
        attaching=choices.write_attaching(track.attaching),
        losing=choices.write_losing(track.losing),
        turn=TurnPosition(
            chit=turn.chit,
            risk=turn.risk,
            orders_left=turn.orders_left,
            in_command=sorted(turn.in_command),
            ordered=sorted(turn.ordered),
            previously_ordered=sorted(turn.prev_ordered),
            current=turn.current,
            ap=turn.ap,
            shots=dict(sorted(turn.shots.items())),
            friendly_eyes=sorted(turn.friendly_eyes) if turn.current is not None else None,
            enemy_eyes=sorted(turn.enemy_eyes) if turn.current is not None else None,
            stopped=turn.stopped,
            risk_rolled=turn.rolled,
            reacted=sorted(turn.reacted),
            reaction=None
            if turn.reaction is None
            else ReactionPosition(
                side=turn.reaction.side,
                hex=turn.reaction.hex,
                trigger=turn.reaction.trigger,
                target=turn.reaction.target,
                declared=dict(turn.reaction.declared),
            ),
            group=list(turn.group),
            step=turn.step,
            step_men=sorted(turn.step_men),
            group_wounded=sorted(turn.group_wounded),
            engaged=turn.engaged,
            may_leave=turn.may_leave,
            step_hex=turn.step_hex,
            step_targets=dict(sorted(turn.step_targets.items())),
            fired_at=sorted(turn.fired_at),
            rifle_modes=dict(sorted(turn.modes.items())),
            operational_turn=turn.operational_turn,
            held_move=None
            if turn.held is None
            else HeldMovePosition(
                man=turn.held.man,
                path=list(turn.held.path),
                owner=turn.held.owner,
                guns=list(turn.held.guns),
            ),
            waited=sorted(turn.waited),
            damage=_write_damage(turn.damage),
            victim=_write_victim(turn.victim),
            fire_types=choices.write_fire_types(turn.fire_types),
            wrecking=choices.write_wrecking(turn.wrecking),
            chit_as=turn.chit_as,
        ),
        waiting=sorted(state.troops.waiting),
        operational=list(state.play.operational),
        cycle_ends=state.play.ending,
        ended_in=state.play.phase if state.play.over and state.play.phase != "command" else None,
        stand_up=choices.write_stand_up(state.play.standing),
        exited=sorted(state.troops.exited),
        taken_off=sorted(state.troops.taken_off),
        destroyed=sorted(state.troops.destroyed),
        weaponless=sorted(state.troops.weaponless),
        carried=dict(sorted(state.troops.carried.items())),
        carrying=dict(sorted(state.troops.carrying.items())),
        grenades_taken=dict(sorted(state.troops.grenades_taken.items())),
        weather=state.field.weather,
        closed_hexes=dict(sorted(state.field.closed_hexes.items())),
        lasting_smoke=sorted(state.field.lasting_smoke),
        fire_targets=[list(p) for p in state.field.fire_targets],
        objectives_destroyed=sorted(state.field.destroyed),
        event_marks=sorted(state.field.marks),
        sighted=sorted(state.field.sighted),
        lost=sorted(state.troops.lost),
        events=dict(sorted(state.arrivals.events.items())),
        event_cycles=dict(sorted(state.arrivals.came.items())),
        eligible=sorted(state.arrivals.eligible),
        inactive_chits=list(state.arrivals.inactive),
        activation_rolls=state.arrivals.activation_rolls,
        entry_zones=dict(sorted(state.arrivals.entry_zones.items())),
        zone_group=state.arrivals.zone_group,
        last_in=dict(sorted(state.troops.last_in.items())),
        clips_spent=dict(sorted(state.troops.clips_spent.items())),  # a gun's by its id
        guns_jammed=sorted(g for g in state.troops.jammed if g in game.guns),
        guns_ammo_out=sorted(g for g in state.troops.ammo_out if g in game.guns),
        grenades_thrown=dict(sorted(state.troops.grenades_thrown.items())),
        captured=dict(sorted(state.troops.captured.items())),
        support=support_io.to_position(state),
        fire_support=write_position(state),
        smoke=smoke.write_position(state),
        wire=wire.write_position(state),
        kit=kit_io.write_position(state),
        minefields=minefields.write_position(state),
    )
    return GamePosition(
        **state.position_header(),
        turn=state.play.cycle,
        step=OVER if state.play.over else state.play.phase,
        units=[_place(state, m) for m in game.men],
        state=to_data(extra),
    )


def _place(state: SoldiersState, man: str) -> UnitPlace:
    troops = state.troops
    status = [SUPPRESSED] if man in troops.suppressed else []
    status += [WOUNDED] if man in troops.wounded else []
    if man in troops.disabled:
        status.append(troops.disabled[man])  # killed, incapacitated or captured [2.5]
    status += [JAMMED] if man in troops.jammed else []
    status += [AMMO_OUT] if man in troops.ammo_out else []
    h = troops.hexes.get(man)
    return UnitPlace(id=man, hex=state.game.name(h) if h is not None else None, status=status)


# --- reading ------------------------------------------------------------------------------------


def state_from_position(
    game: SoldiersGame, position: GamePosition, reader: PositionReader, cls: type[SoldiersState]
) -> SoldiersState:
    """The state a position file describes; what does not fit the game goes to ``reader``.

    Raises:
        ProblemList: the position does not fit the game (every problem, located).
    """

    extra = state_section(position, SoldiersPositionState)
    state = cls.__new__(cls)
    State.__init__(state, game, position.seed)
    state.play = _read_play(game, position, extra, reader)
    state.field = _read_field(game, extra, reader)
    state.troops = Troops(HexesByName(game.name))
    _read_off_map(state, extra, reader)
    _read_men(state, position, reader)
    choices.check_stand_up(state.play.standing, state.troops.suppressed, reader)  # [4]
    state.track = _read_track(game, extra, reader)
    state.active = _read_turn(game, extra.turn, reader)
    state.support = support_io.from_position(game, extra.support, reader)
    read_position(state, extra.fire_support)  # artillery and satchel charges [16.2; 17]
    smoke.read_position(state, extra.smoke, reader)  # smoke grenades [12.5]
    wire.read_position(state, extra.wire, reader)  # remove wire [18.32]
    kit_io.read_position(state, extra.kit, reader)  # equipment that changed hands [7.33]
    _read_gun_marks(state, extra, reader)  # the guns' own Jam, Ammo Out and clips [14.1]
    minefields.read_position(state, extra.minefields, reader)  # revealed minefields [18.41]
    current = state.active.current
    # a file that leaves the sight out: judged from the position as written [7.23]
    if (
        current is not None
        and current in state.troops.hexes
        and extra.turn.friendly_eyes is None
        and current not in state.troops.suppressed
    ):
        judge_sight(state, current)
    if (state.play.phase == "action" and not state.play.over) != (state.active.chit is not None):
        reader.problem(("state", "turn", "chit"), "an Action Phase has its chit, and only it [6]")
    reader.done()
    state.restore_dice(position)
    state._advance()  # a hand-written position may stand where nobody decides yet
    return state


def _read_gun_marks(
    state: SoldiersState, extra: SoldiersPositionState, reader: PositionReader
) -> None:
    """The MMGs' and HMGs' own Jam and Ammo Out markers, by the gun's id [8.51; 14.1]. A file
    that marks the gun's first crewman while he carries his part (as files did before the
    gun's marks had its own id) gives them to the gun: such a man fires nothing but the gun
    [14.13]."""
    game, troops = state.game, state.troops
    for key, marks in (("guns_jammed", troops.jammed), ("guns_ammo_out", troops.ammo_out)):
        for i, gun in enumerate(getattr(extra, key)):
            if gun not in game.guns:
                reader.problem(("state", key, i), f"the game has no MMG or HMG '{gun}'")
            else:
                marks.add(gun)
    from rules.soldiers.kit import gun_of

    for gun, crew in sorted(game.guns.items()):
        first = crew[0]
        if gun_of(state, first) != gun:
            continue
        for marks in (troops.jammed, troops.ammo_out):
            if first in marks:
                marks.discard(first)
                marks.add(gun)
        if first in troops.clips_spent:
            troops.clips_spent[gun] = troops.clips_spent.pop(first)


def _number(text: str) -> bool:
    """Whether ``text`` is a finite number ("2", "1.5")."""
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _read_field(
    game: SoldiersGame, extra: SoldiersPositionState, reader: PositionReader
) -> Battlefield:
    """What the scenario's events changed [10.6]: the weather, closed hexes, lasting smoke,
    the hexes fired at."""
    if extra.weather not in ("", "Clear", "Mist", "Night"):
        reader.problem(("state", "weather"), "a battle condition: Clear, Mist or Night [6.42]")
    named: list[tuple[PathKey, str]] = [
        *((("state", "closed_hexes", h), h) for h in extra.closed_hexes),
        *((("state", "lasting_smoke", i), h) for i, h in enumerate(extra.lasting_smoke)),
        *(
            (("state", "fire_targets", i, j), h)
            for i, p in enumerate(extra.fire_targets)
            for j, h in enumerate(p)
        ),
        *(
            (("state", "objectives_destroyed", i), h)
            for i, h in enumerate(extra.objectives_destroyed)
        ),
        *((("state", "sighted", i), h) for i, h in enumerate(extra.sighted)),
    ]
    for where, name in named:  # each at its own place in the file
        if name not in game.by_name:
            reader.problem(where, f"'{name}' is not a hex of the map")
    return Battlefield(
        extra.weather if extra.weather in ("Clear", "Mist", "Night") else "",
        dict(extra.closed_hexes),
        set(extra.lasting_smoke),
        [list(p) for p in extra.fire_targets],
        destroyed=set(extra.objectives_destroyed),
        marks=set(extra.event_marks),
        sighted=set(extra.sighted),
    )


def _read_play(
    game: SoldiersGame,
    position: GamePosition,
    extra: SoldiersPositionState,
    reader: PositionReader,
) -> Play:
    if not 1 <= position.turn <= game.cycles:
        reader.problem(("turn",), f"the scenario's Command Cycles are 1 to {game.cycles}")
    phase = position.step
    if phase not in (*PHASES, OVER):
        hint = did_you_mean(phase, (*PHASES, OVER))
        reader.problem(("step",), f"no step '{phase}' ({', '.join((*PHASES, OVER))})", hint)
        phase = "command"
    advantage = extra.advantage
    if advantage not in game.sides:
        hint = did_you_mean(advantage, game.sides)
        reader.problem(("state", "advantage"), "give the side with the advantage [10.4]", hint)
        advantage = game.first
    first = extra.first or advantage
    if first not in game.sides:
        hint = did_you_mean(first, game.sides)
        reader.problem(("state", "first"), f"the scenario has no side '{first}'", hint)
        first = advantage
    over = phase == OVER
    ended_in = extra.ended_in
    if ended_in is not None and (not over or ended_in not in PHASES):
        reader.problem(
            ("state", "ended_in"),
            f"the step a game over ended in ({', '.join(PHASES)}), with step '{OVER}' [4; 19.7]",
        )
        ended_in = None
    if over:
        # a game ends when a Command Cycle ends [4] or the moment a condition is met [19.7]
        phase = ended_in or "command"
    return Play(
        position.turn,
        phase,
        over,
        sides(extra.acted, game.sides, ("state", "acted"), reader),
        (first, game.other(first)),
        advantage,
        sides(extra.operational, game.sides, ("state", "operational"), reader),
        extra.cycle_ends,
        choices.read_stand_up(game, phase, extra.stand_up, reader),
    )


def _read_men(state: SoldiersState, position: GamePosition, reader: PositionReader) -> None:
    troops = state.troops
    for path, place in listed_units(position, state.game.men, reader):
        man = place.id
        status = statuses(place, path, STATUSES, "Soldiers", reader)
        if place.values:
            reader.problem((*path, "values"), "a Soldiers man has no values")
        off = troops.waiting | troops.exited | troops.lost
        if place.hex is None and man not in off:
            reader.problem((*path, "hex"), "every man stands in a hex, killed or not [2.11]")
        if place.hex is not None and man in off:
            reader.problem((*path, "hex"), "a man off the map stands in no hex [7.26; 19.32]")
        h = reader.hex(place.hex, (*path, "hex"))
        if h is not None:
            troops.hexes[man] = h
        if SUPPRESSED in status:
            troops.suppressed.add(man)
        if WOUNDED in status:
            troops.wounded.add(man)
        disabled = [s for s in (KILLED, INCAPACITATED, CAPTURED) if s in status]
        if len(disabled) > 1:
            reader.problem(
                (*path, "status"), "killed, incapacitated or captured, one of them [8.44; 9]"
            )
        elif disabled:
            troops.disabled[man] = disabled[0]
        if JAMMED in status:
            troops.jammed.add(man)
        if AMMO_OUT in status:
            troops.ammo_out.add(man)


def _read_event_cycles(extra: SoldiersPositionState, cycle: int, reader: PositionReader) -> None:
    """Each Event result drawn is slot ``A1``, ``A2``... of its letter, and came in a Command
    Cycle played so far [6.12; 21.3]: a mission's deadline counts from it."""
    for slot, came in extra.event_cycles.items():
        letter, number = slot[:1], slot[1:]
        drawn = extra.events.get(letter, 0)
        if letter not in EVENT_LETTERS.values() or not number.isdigit() or int(number) < 1:
            reader.problem(
                ("state", "event_cycles", slot),
                "an Event result is its letter and number: A1, B2 [6.12]",
            )
        elif int(number) > drawn:
            reader.problem(
                ("state", "event_cycles", slot),
                f"{slot} has not come: 'events' counts {drawn} Event {letter} results [6.12]",
            )
        elif not 1 <= came <= cycle:
            reader.problem(
                ("state", "event_cycles", slot),
                f"{slot} came in Command Cycle {came}; this is Command Cycle {cycle} [21.3]",
            )


def _read_off_map(
    state: SoldiersState, extra: SoldiersPositionState, reader: PositionReader
) -> None:
    """The men off the map, the events come, the groups that may enter, the last in each hex."""
    game, troops = state.game, state.troops
    for key in ("waiting", "exited", "lost", "taken_off", "destroyed", "weaponless"):
        found = units(getattr(extra, key), game.men, ("state", key), reader)
        setattr(troops, key, set(found))
    from model.catalog import unit_types

    types = unit_types(game.system)
    for man, weapon_id in extra.carried.items():
        if man not in game.men or weapon_id not in types:
            reader.problem(("state", "carried", man), "a man of the game and a weapon's id [11.2]")
        else:
            troops.carried[man] = weapon_id
    for man, count in extra.grenades_taken.items():
        if reader.unit(man, game.men, ("state", "grenades_taken", man)) and count:
            troops.grenades_taken[man] = count
    for man, other in extra.carrying.items():
        if man not in game.men or other not in game.men:
            reader.problem(
                ("state", "carrying", man), "a man of the game and a disabled man [11.3]"
            )
        else:
            troops.carrying[man] = other
    groups = {g.id for g in game.groups}
    state.arrivals = Arrivals(
        dict(extra.events),
        {g for g in extra.eligible if g in groups},
        dict(extra.event_cycles),
        [c for c in extra.inactive_chits if c in game.chits],
        extra.activation_rolls,
        _entry_zones(game, extra.entry_zones, reader),
        extra.zone_group,
    )
    for i, c in enumerate(extra.inactive_chits):
        if c not in game.chits:
            hint = did_you_mean(c, game.chits)
            reader.problem(
                ("state", "inactive_chits", i), f"the game has no command chit '{c}'", hint
            )
    for i, g in enumerate(extra.eligible):
        if g not in groups:
            where = ("state", "eligible", i)
            reader.problem(
                where, f"the scenario has no reinforcement group '{g}'", did_you_mean(g, groups)
            )
    troops.last_in = {}
    for name, side in extra.last_in.items():
        h = reader.hex(name, ("state", "last_in", name))
        if side not in game.sides:
            hint = did_you_mean(side, game.sides)
            reader.problem(("state", "last_in", name), f"the scenario has no side '{side}'", hint)
        elif h is not None:
            troops.last_in[game.name(h)] = side
    for letter in extra.events:
        if letter not in EVENT_LETTERS.values():
            letters = ", ".join(sorted(EVENT_LETTERS.values()))
            reader.problem(("state", "events", letter), f"no Event '{letter}' ({letters}) [6.12]")
    _read_event_cycles(extra, state.play.cycle, reader)
    for key in ("clips_spent", "grenades_thrown"):
        counts = getattr(extra, key)
        for man, count in counts.items():
            if key == "clips_spent" and man in game.guns and count >= 0:
                troops.clips_spent[man] = count  # a gun's clips, by its id [19.54]
            elif reader.unit(man, game.men, ("state", key, man)) and count >= 0:
                getattr(troops, key)[man] = count
    for prisoner, guard in extra.captured.items():
        path = ("state", "captured", prisoner)
        # a prisoner left alone has no guard ("-") [9.6]
        if reader.unit(prisoner, game.men, path) and (
            guard == ALONE or reader.unit(guard, game.men, path)
        ):
            troops.captured[prisoner] = guard


def _chit(game: SoldiersGame, chit: str, path: PathKey, reader: PositionReader) -> str | None:
    if chit in game.chits:
        return chit
    reader.problem(path, f"the scenario has no chit '{chit}'", did_you_mean(chit, game.chits))
    return None


def _read_track(
    game: SoldiersGame, extra: SoldiersPositionState, reader: PositionReader
) -> CommandTrack:
    space = dict.fromkeys(game.chits, "Start")
    for chit, where in extra.chits.items():
        path = ("state", "chits", chit)
        if _chit(game, chit, path, reader) is None:
            continue
        if where not in SPACES:
            hint = did_you_mean(where, SPACES)
            reader.problem(path, f"no space '{where}' on the Command Track [5.1]", hint)
        else:
            space[chit] = where
    committed: dict[str, str | None] = dict.fromkeys(game.sides)
    for side, chit in extra.committed.items():
        path = ("state", "committed", side)
        if not sides([side], game.sides, ("state", "committed"), reader):
            continue
        if _chit(game, chit, path, reader) is not None:
            if game.chits[chit].side != side:
                reader.problem(path, f"'{chit}' is not a chit of {side}")
            committed[side] = chit
    last = extra.last_chit
    if last is not None:
        last = _chit(game, last, ("state", "last_chit"), reader)
    bidding = extra.bidding
    if bidding not in (None, "done", *game.sides):
        reader.problem(("state", "bidding"), "the side to bid, or done [5.31]")
        bidding = None
    removed = {c for c in extra.removed_chits if _chit(game, c, ("state", "removed_chits"), reader)}
    asl = {
        key: set(units(getattr(extra, key), game.men, ("state", key), reader))
        for key in ("asl_free", "asl_reduced")
    }
    squads = {c.squad for c in game.chits.values()}
    attached = {k: v for k, v in extra.attached.items() if k in squads and v in squads}
    if len(attached) != len(extra.attached):
        reader.problem(("state", "attached"), "squads of the game, by their ids [6.27]")
    attaching = choices.read_attaching(game, extra.attaching, reader)  # [6.27]
    losing = choices.read_losing(game, extra.losing, reader)  # [6.28]
    choices.check_losing(losing, space, reader)
    return CommandTrack(
        space,
        committed,
        last,
        bidding,
        removed,
        asl["asl_free"],
        asl["asl_reduced"],
        attached,
        attaching,
        losing,
    )


def _read_turn(game: SoldiersGame, turn: TurnPosition, reader: PositionReader) -> ActiveTurn:
    path: PathKey = ("state", "turn")
    chit = _chit(game, turn.chit, (*path, "chit"), reader) if turn.chit is not None else None
    if turn.risk not in RISKS:
        hint = did_you_mean(turn.risk, RISKS)
        levels = ", ".join(RISKS)
        reader.problem((*path, "risk"), f"no risk level '{turn.risk}' ({levels}) [6.11]", hint)
    current = turn.current
    if current is not None and not reader.unit(current, game.men, (*path, "current")):
        current = None
    shots = {}
    for man, count in turn.shots.items():
        if not reader.unit(man, game.men, (*path, "shots", man)):
            continue
        if whole(count, 0, 2) is None:
            reader.problem((*path, "shots", man), "a man fires at most twice a phase [8.1]")
        shots[man] = count
    engaged = turn.engaged
    if engaged is not None:  # an enemy-occupied hex of the map [8.83]
        h = reader.hex(engaged, (*path, "engaged"))
        engaged = game.name(h) if h is not None else None
    kind, _, cost = (turn.step or "").partition(" ")
    if turn.step is not None and (kind not in ("combat", "maintenance") or not _number(cost)):
        reader.problem(
            (*path, "step"),
            "a group's open step: 'combat' or 'maintenance' and its cost, 'combat 2' [6.24; 7.1]",
        )
    eyes: dict[str, set[str]] = {}
    for key in ("friendly_eyes", "enemy_eyes"):
        found = (reader.hex(n, (*path, key, i)) for i, n in enumerate(getattr(turn, key) or []))
        eyes[key] = {game.name(h) for h in found if h is not None}
    return ActiveTurn(
        chit,
        turn.risk,
        turn.orders_left,
        set(units(turn.in_command, game.men, (*path, "in_command"), reader)),
        set(units(turn.ordered, game.men, (*path, "ordered"), reader)),
        set(units(turn.previously_ordered, game.men, (*path, "previously_ordered"), reader)),
        current,
        float(turn.ap),
        shots,
        eyes["friendly_eyes"],
        eyes["enemy_eyes"],
        turn.stopped,
        turn.risk_rolled,
        set(units(turn.reacted, game.men, (*path, "reacted"), reader)),
        _read_reaction(game, turn.reaction, reader),
        list(units(turn.group, game.men, (*path, "group"), reader)),
        turn.step,
        set(units(turn.step_men, game.men, (*path, "step_men"), reader)),
        set(units(turn.group_wounded, game.men, (*path, "group_wounded"), reader)),
        engaged,
        turn.may_leave,
        _step_hex(game, turn.step_hex, (*path, "step_hex"), reader),
        {
            m: bool(turn.step_targets[m])
            for m in units(list(turn.step_targets), game.men, (*path, "step_targets"), reader)
        },
        set(units(turn.fired_at, game.men, (*path, "fired_at"), reader)),
        {
            m: str(turn.rifle_modes[m])
            for m in units(list(turn.rifle_modes), game.men, (*path, "rifle_modes"), reader)
        },
        turn.operational_turn,
        _read_held(game, turn.held_move, reader),
        set(turn.waited),
        _read_damage(game, turn.damage, reader),
        _read_victim(game, turn.victim, reader),
        choices.read_wrecking(game, turn.wrecking, reader),
        choices.read_fire_types(game, turn.fire_types, reader),
        turn.chit_as,  # 26's first cycle [26.3]
    )


def _write_victim(found: VictimChoice | None) -> VictimChoicePosition | None:
    """A hand-to-hand hit or minefield attack waiting on its man [8.82; 18.41], as data."""
    if found is None:
        return None
    return VictimChoicePosition(
        kind="melee"
        if found.kind == "melee"
        else "lineup"
        if found.kind == "lineup"
        else "minefield",
        chooser=found.chooser,
        side=found.side,
        men=list(found.men),
        hex=found.hex,
        why=found.why,
        set_number=found.number,
        capture=found.capture,
        sets=[SetLeftPosition(attackers=list(a), defenders=list(d)) for a, d in found.sets],
        mover=found.mover,
        path=list(found.path),
        gun=found.gun,
        forbade=found.forbade,
        alertness=found.alertness,
        placing=list(found.placing),
    )


def _read_victim(
    game: SoldiersGame, found: VictimChoicePosition | None, reader: PositionReader
) -> VictimChoice | None:
    """A hand-to-hand hit or minefield attack waiting on its man [8.82; 18.41], checked."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "victim")
    for key in ("chooser", "side"):
        if getattr(found, key) not in game.sides:
            reader.problem((*path, key), f"the scenario has no side '{getattr(found, key)}'")
    men = tuple(units(found.men, game.men, (*path, "men"), reader))
    if not men:
        reader.problem((*path, "men"), "the men who may be chosen [8.82; 18.41]")
    where = reader.hex(found.hex, (*path, "hex"))
    sets = tuple(
        (
            tuple(units(s.attackers, game.men, (*path, "sets", i, "attackers"), reader)),
            tuple(units(s.defenders, game.men, (*path, "sets", i, "defenders"), reader)),
        )
        for i, s in enumerate(found.sets)
    )
    if found.kind in ("melee", "lineup") and not sets:
        reader.problem((*path, "sets"), "the hand-to-hand set waiting on the choice [8.81; 8.82]")
    placing = tuple(units(found.placing, game.men, (*path, "placing"), reader))
    if found.kind == "lineup" and not placing:
        reader.problem((*path, "placing"), "the men still to place in the line-up [8.81]")
    steps = [reader.hex(n, (*path, "path", i)) for i, n in enumerate(found.path)]
    if found.kind == "minefield":
        reader.unit(found.mover, game.men, (*path, "mover"))
        if not found.path:
            reader.problem((*path, "path"), "the move into the minefield [18.41]")
    return VictimChoice(
        found.kind,
        found.chooser,
        found.side,
        men,
        game.name(where) if where is not None else found.hex,
        found.why,
        number=found.set_number,
        capture=found.capture,
        sets=sets,
        mover=found.mover,
        path=tuple(
            game.name(h) if h is not None else n for h, n in zip(steps, found.path, strict=True)
        ),
        gun=found.gun,
        forbade=found.forbade,
        alertness=found.alertness,
        placing=placing,
    )


def _write_damage(found: DamageChoice | None) -> DamageChoicePosition | None:
    """A damage choice waiting [8.41], as data."""
    if found is None:
        return None
    return DamageChoicePosition(
        chooser=found.chooser,
        side=found.side,
        men=list(found.men),
        shooter=found.shooter,
        fire_type=found.fire_type,
        hex=found.hex,
        table=found.table,
        fire_roll=found.fire_roll,
        firer=found.firer,
        first=found.first,
        sustained=found.sustained,
        mutual=found.mutual,
        standing_before=list(found.standing_before),
        hit=list(found.hit),
        previous=found.previous,
        roll=found.raw,
        then=found.then,
        shots_left=[
            ShotLeftPosition(
                man=m, hex=h, fire_type=t, chance=c, steps=list(st), placeholders=list(p)
            )
            for m, h, t, c, st, p in found.rest
        ],
        ap_left=found.ap_left,
    )


def _read_damage(
    game: SoldiersGame, found: DamageChoicePosition | None, reader: PositionReader
) -> DamageChoice | None:
    """A damage choice waiting [8.41; 8.43], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "damage")
    for key in ("chooser", "side", "firer", "first"):
        if getattr(found, key) not in game.sides:
            reader.problem((*path, key), f"the scenario has no side '{getattr(found, key)}'")
    men = tuple(units(found.men, game.men, (*path, "men"), reader))
    if not men:
        reader.problem((*path, "men"), "the men who may be chosen to take the damage [8.41]")
    reader.unit(found.shooter, game.men, (*path, "shooter"))
    where = reader.hex(found.hex, (*path, "hex"))
    rest = []
    for i, shot in enumerate(found.shots_left):
        reader.unit(shot.man, game.men, (*path, "shots_left", i, "man"))
        at = reader.hex(shot.hex, (*path, "shots_left", i, "hex"))
        name = game.name(at) if at is not None else shot.hex
        rest.append(
            (
                shot.man,
                name,
                shot.fire_type,
                shot.chance,
                tuple(shot.steps),
                tuple(shot.placeholders),
            )
        )
    return DamageChoice(
        chooser=found.chooser,
        side=found.side,
        men=men,
        shooter=found.shooter,
        fire_type=found.fire_type,
        hex=game.name(where) if where is not None else found.hex,
        table=found.table,
        fire_roll=found.fire_roll,
        firer=found.firer,
        first=found.first,
        sustained=found.sustained,
        mutual=found.mutual,
        standing_before=tuple(
            units(found.standing_before, game.men, (*path, "standing_before"), reader)
        ),
        hit=tuple(units(found.hit, game.men, (*path, "hit"), reader)),
        previous=found.previous,
        raw=found.roll,
        then=found.then,
        rest=tuple(rest),
        ap_left=float(found.ap_left),
    )


def _read_held(
    game: SoldiersGame, found: HeldMovePosition | None, reader: PositionReader
) -> HeldMove | None:
    """An operational move held for a hidden MG's owner [14.12], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "held_move")
    reader.unit(found.man, game.men, (*path, "man"))
    if found.owner not in game.sides:
        reader.problem((*path, "owner"), f"the scenario has no side '{found.owner}'")
    bad = [g for g in found.guns if g not in game.guns]
    if bad or not found.guns:
        reader.problem((*path, "guns"), "the hidden MGs (by gun id) the move concerns [14.12]")
    hexes = [reader.hex(n, (*path, "path", i)) for i, n in enumerate(found.path)]
    names = tuple(game.name(h) for h in hexes if h is not None)
    return HeldMove(found.man, names, found.owner, tuple(found.guns))


def _step_hex(
    game: SoldiersGame, name: str | None, path: PathKey, reader: PositionReader
) -> str | None:
    """The open step's hex, by its printed name [8.2]."""
    if name is None:
        return None
    found = reader.hex(name, path)
    return None if found is None else game.name(found)


def _read_reaction(
    game: SoldiersGame, found: ReactionPosition | None, reader: PositionReader
) -> Reaction | None:
    """A chance to react [8.6], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "reaction")
    if found.side not in game.sides:
        reader.problem((*path, "side"), f"the scenario has no side '{found.side}'")
    if found.trigger not in ("move", "sustained", "operational"):
        reader.problem(
            (*path, "trigger"),
            "a reaction follows a move, sustained fire or a hidden MG revealed by an "
            "operational move [8.6; 14.12]",
        )
    names: dict[str, str | None] = {}
    for key in ("hex", "target"):
        name = getattr(found, key)
        h = reader.hex(name, (*path, key)) if name is not None else None
        names[key] = game.name(h) if h is not None else name
    declared = []
    for man, how in found.declared.items():
        if reader.unit(man, game.men, (*path, "declared", man)):
            if how not in REACTIONS:
                reader.problem((*path, "declared", man), "fire or suppress [8.62; 8.64]")
            declared.append((man, how))
    return Reaction(
        found.side, names["hex"] or found.hex, found.trigger, names["target"], tuple(declared)
    )


def _entry_zones(
    game: SoldiersGame, found: dict[str, str], reader: PositionReader
) -> dict[str, str]:
    """The zone each reinforcing squad entered in [19.34], checked against the game."""
    squads = {m.squad for m in game.men.values()}
    zones = {*game.zones.values(), ON_TIME}
    kept = {}
    for squad, zone in found.items():
        if squad not in squads or zone not in zones:
            reader.problem(
                ("state", "entry_zones", squad),
                f"a squad of the game and '{ON_TIME}' or a zone BOARD/N [19.34]",
            )
            continue
        kept[squad] = zone
    return kept
