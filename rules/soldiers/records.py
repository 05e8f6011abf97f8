"""A Soldiers game's state as records (STYLE point 26, :mod:`rules.engine.record`): where play
is in the Command Cycle, the men, the Command Track and the turn of the active chit. Clone and
snapshot come from these fields, so a field added here is in both.

The snapshot keeps the keys and encodings the hand-written one had (fingerprints of replays
written before stay valid): hexes by their printed names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.record import OMIT, Record, plain, state_field
from rules.maps.named import HexesByName

#: The Command Track's spaces [5.1]: Start, 5 down to 0, and an Exhausted space above each
#: numbered one; ``Off``: a reinforcing squad's chit before its event brings it [19.32].
SPACES = ("Start", "5", "4", "3", "2", "1", "0", "X5", "X4", "X3", "X2", "X1", "X0", "Off")
OFF = "Off"
#: The risk levels [6.11].
RISKS = ("Cautious", "Wary", "Bold", "Aggressive")


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty: the fingerprints of games where it never mattered
    stay as they were."""
    return plain(value) if value else OMIT


@dataclass(frozen=True)
class Reaction:
    """A chance to react [8.6]: the side that may, the hex the active man entered or fired
    sustained fire from, the trigger (``move`` or ``sustained``), the hex that sustained fire
    hit (its men may not react [8.61]), and what has been declared so far, man by man
    (``fire`` or ``suppress`` [8.62; 8.64])."""

    side: str
    hex: str
    trigger: str
    target: str | None = None
    declared: tuple[tuple[str, str], ...] = ()

    def snapshot(self) -> list[Any]:
        return [self.side, self.hex, self.trigger, self.target, [list(d) for d in self.declared]]


def _reaction(value: Reaction | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class HeldMove:
    """An operational move held before it is made [14.12]: the moving man and the hexes of his
    move, the side owning the hidden MGs it concerns, and those guns still to choose for
    (reveal now, or wait) (:mod:`rules.soldiers.hidden_gun_choice`)."""

    man: str
    path: tuple[str, ...]
    owner: str
    guns: tuple[str, ...]

    def snapshot(self) -> list[Any]:
        return [self.man, list(self.path), self.owner, list(self.guns)]


def _held(value: HeldMove | None) -> Any:
    return OMIT if value is None else value.snapshot()


#: A reaction shot still to be resolved after a damage choice [8.6; 8.41]: the man, the hex,
#: the fire type, and its hit chance worked out with the others (simultaneous [8.6]): the
#: modified chance, its steps and placeholders.
PendingShot = tuple[str, str, str, int, tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class DamageChoice:
    """A damage procedure waiting on a player's choice of the man who takes the damage [8.41;
    8.43] (:mod:`rules.soldiers.damage_choice`): the side choosing, the side whose man takes it
    and the men who may be chosen; the shot (the firing man, his fire type, the hex, the damage
    table, the fire roll; the firer's side, the side hit first [8.84], sustained, into a hex
    both sides hold, the men standing when the same APs were paid [8.34]); the chain so far
    (the men hit, the last damage roll, the roll waiting for its man: None for the first man,
    chosen before his roll); what follows the shot (``then``: ``shot``, ``member`` for a
    group's man [7.1], ``reaction`` with the reaction shots left and the group's AP [8.62;
    7.11])."""

    chooser: str
    side: str
    men: tuple[str, ...]
    shooter: str
    fire_type: str
    hex: str
    table: str
    fire_roll: int
    firer: str
    first: str
    sustained: bool = False
    mutual: bool = False
    standing_before: tuple[str, ...] = ()
    hit: tuple[str, ...] = ()
    previous: int | None = None
    raw: int | None = None
    then: str = "shot"
    rest: tuple[PendingShot, ...] = ()
    ap_left: float = 0.0

    def snapshot(self) -> list[Any]:
        return [
            self.chooser,
            self.side,
            list(self.men),
            self.shooter,
            self.fire_type,
            self.hex,
            self.table,
            self.fire_roll,
            self.firer,
            self.first,
            self.sustained,
            self.mutual,
            list(self.standing_before),
            list(self.hit),
            self.previous,
            self.raw,
            self.then,
            [[m, h, t, c, list(s), list(p)] for m, h, t, c, s, p in self.rest],
            self.ap_left,
        ]


def _damage_choice(value: DamageChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


#: A hand-to-hand set still to be fought after a victim choice [8.82]: its attackers and
#: defenders.
PendingSet = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class VictimChoice:
    """A procedure waiting on a player's choice of the man it strikes, other than fire's
    damage (:mod:`rules.soldiers.damage_choice`): ``melee``, the single man of a hand-to-hand
    set beat every enemy total and his side picks the one enemy man hit [8.82]; ``minefield``,
    a group entered a hidden minefield and its owner picks the man who undergoes the attack
    [18.41; 18.43]; ``lineup``, the hand-to-hand lines being laid out, the side placing second
    puts its men opposite the line's men one by one [8.81] (:mod:`rules.soldiers.melee`). The
    side choosing, the side whose man it strikes (a line-up: the line's side), the men who may
    be chosen (a line-up: the line's men the next man may face), the hex, why; hand-to-hand: the
    set's number, a capture attempt [9.1], the sets still to fight (a line-up: the sets laid out
    so far, in the line's order), the men still to place, the next first (``placing``); a
    minefield: the move (man, path as entered), the hidden guns it concerns (``gun`` in an
    operational move, ``forbade`` at a forbidding risk level [14.12]) and the alertness roll
    [18.41]."""

    kind: str
    chooser: str
    side: str
    men: tuple[str, ...]
    hex: str
    why: str
    number: int = 0
    capture: bool = False
    sets: tuple[PendingSet, ...] = ()
    mover: str = ""
    path: tuple[str, ...] = ()
    gun: str | None = None
    forbade: str | None = None
    alertness: int = 0
    placing: tuple[str, ...] = ()

    def snapshot(self) -> list[Any]:
        lineup = [list(self.placing)] if self.kind == "lineup" else []
        return [
            self.kind,
            self.chooser,
            self.side,
            list(self.men),
            self.hex,
            self.why,
            self.number,
            self.capture,
            [[list(a), list(d)] for a, d in self.sets],
            self.mover,
            list(self.path),
            self.gun,
            self.forbade,
            self.alertness,
            *lineup,
        ]


def _victim_choice(value: VictimChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class FireTypeChoice:
    """Reaction fire waiting on the reacting player's choice of each alert man's fire type
    [8.63] (:mod:`rules.soldiers.reaction_choice`): the reacting side, the hex fired at, and
    each shot in order, the man and his fire type (empty: still to choose)."""

    side: str
    hex: str
    shots: tuple[tuple[str, str], ...]

    def snapshot(self) -> list[Any]:
        return [self.side, self.hex, [list(s) for s in self.shots]]


def _fire_types(value: FireTypeChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class AttachChoice:
    """A leaderless squad waiting on its owner's choice of the other squad whose leaders order
    its men [6.27] (:mod:`rules.soldiers.attach_choice`): the squad, its side, and the other
    squads of the side with an able leader on the map he may choose from."""

    squad: str
    side: str
    squads: tuple[str, ...]

    def snapshot(self) -> list[Any]:
        return [self.squad, self.side, list(self.squads)]


def _attach(value: AttachChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class ChitLossChoice:
    """A squad's catastrophic loss waiting on its owner's choice of the command chit removed
    [6.28] (:mod:`rules.soldiers.chit_loss`): the squad, its side, the chits he may remove,
    and the men disabled out of the squad's men (those lost to depletion not counted
    [19.21])."""

    squad: str
    side: str
    chits: tuple[str, ...]
    lost: int
    whole: int

    def snapshot(self) -> list[Any]:
        return [self.squad, self.side, list(self.chits), self.lost, self.whole]


def _chit_loss(value: ChitLossChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class WreckChoice:
    """A destroy equipment action paid for and waiting on its player's choice of what to
    destroy [9.5] (:mod:`rules.soldiers.destroying`): the man destroying, his side, the
    equipment in the hex still to choose (``OTHER weapon``, ``OTHER grenades``), and what he
    has destroyed so far."""

    man: str
    side: str
    items: tuple[str, ...]
    chosen: tuple[str, ...] = ()

    def snapshot(self) -> list[Any]:
        return [self.man, self.side, list(self.items), list(self.chosen)]


def _wreck(value: WreckChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass(frozen=True)
class StandUpChoice:
    """The end of a Command Cycle waiting on the players' choice of the suppressed men who
    stand up [4] (:mod:`rules.soldiers.stand_up`): the side choosing now, its suppressed men
    not yet stood up, and the sides to choose after it."""

    side: str
    men: tuple[str, ...]
    later: tuple[str, ...] = ()

    def snapshot(self) -> list[Any]:
        return [self.side, list(self.men), list(self.later)]


def _stand_up(value: StandUpChoice | None) -> Any:
    return OMIT if value is None else value.snapshot()


@dataclass
class Play(Record):
    """Where play is [3; 4]: the Command Cycle, the phase (``command`` or ``action``), whether
    the game is over, the sides that have acted in this Command Phase, the order they act in,
    the side with the advantage [10.4], and the sides to make their scenario-start operational
    moves (phase ``operational`` [6.33])."""

    cycle: int = 1
    phase: str = "command"
    over: bool = False
    acted: list[str] = state_field(default_factory=list)
    order: tuple[str, str] = ("", "")
    advantage: str = ""
    operational: list[str] = state_field(default_factory=list)
    #: The End Command Cycle event came with the reactive player unable to commit: the cycle
    #: ends after this Action Phase [4] (:mod:`rules.soldiers.events`).
    ending: bool = state_field(default=False, encode=_unless_empty)
    #: The Command Cycle's end waiting on each player's choice of his suppressed men who stand
    #: up (phase ``cycle-end`` [4]) (:mod:`rules.soldiers.stand_up`).
    standing: StandUpChoice | None = state_field(default=None, encode=_stand_up)


@dataclass
class Battlefield(Record):
    """What a scenario's events changed on the battlefield [10.6]
    (:mod:`rules.soldiers.scenario_events`): the battle condition now (``weather``; empty: the
    scenario's [6.42]), the hexes no man may enter and why (by printed name), the smoke markers
    that stay for the rest of the scenario [12.51], and the hexes fired at in the last Action
    Phases (the current one last; kept only where an event asks); the objectives destroyed and
    the events' pending marks [20.6; 22.6]."""

    weather: str = state_field(default="", encode=_unless_empty)
    closed_hexes: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    lasting_smoke: set[str] = state_field(default_factory=set, encode=_unless_empty)
    fire_targets: list[list[str]] = state_field(default_factory=list, encode=_unless_empty)
    #: The hexes of objectives destroyed (a bridge, the Raid's target [20.3; 22.6]), by name;
    #: its own key in the snapshot (``destroyed`` is the men's weapons', :class:`Troops`: a game
    #: with both failed on its fingerprint).
    destroyed: set[str] = state_field(
        default_factory=set, key="objectives_destroyed", encode=_unless_empty
    )
    #: What a scenario's events left pending or set (``A1 due``: a demolition at the end of
    #: the cycle [22.6]; ``C/1508 unwired`` [22.6]) (:mod:`rules.soldiers.scenario_effects`).
    marks: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: The hexes a mission asks to have been in sight that its side has seen [24.3]
    #: (:mod:`rules.soldiers.scenario_victory`).
    sighted: set[str] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Troops(Record):
    """The men: where each stands, and who is suppressed, wounded, or disabled (``disabled``:
    man -> ``killed`` | ``incapacitated`` [8.44] | ``captured`` [9]); the reinforcements still off
    the map (``waiting`` [19.32]), the men who moved off it (``exited`` [7.26]), those lost
    to a depleted squad's draw (``lost`` [19.21]: never on the map, not of the force [19.7]),
    and the side whose able man was last in each hex (``last_in``, by printed name, for
    control [19.7]). Weapons [8.5; 11; 12]: the men whose weapon is jammed or out of ammo, the
    clips each has loaded by a reload, the grenades each has thrown (what he started with is
    the game's: :attr:`SoldiersGame.clips`, :attr:`SoldiersGame.grenades`); prisoners [9]:
    each captured man and his guard."""

    hexes: HexesByName = state_field(encode=HexesByName.snapshot)
    suppressed: set[str] = state_field(default_factory=set)
    wounded: set[str] = state_field(default_factory=set)
    disabled: dict[str, str] = state_field(default_factory=dict)
    waiting: set[str] = state_field(default_factory=set)
    exited: set[str] = state_field(default_factory=set)
    lost: set[str] = state_field(default_factory=set)
    last_in: dict[str, str] = state_field(default_factory=dict)
    jammed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    ammo_out: set[str] = state_field(default_factory=set, encode=_unless_empty)
    clips_spent: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    grenades_thrown: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    captured: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: Prisoners led off the map by their guard [7.26; 9] (also in ``exited``: they entered
    #: the map, so they stay in their side's force [19.7]).
    taken_off: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: The weapon each man carries other than his counter's, by catalogue id [7.33; 11.2].
    carried: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: The men whose weapon was destroyed [9.5] (the mark goes with the weapon [7.33]).
    destroyed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: The men whose weapon a man without one (a relieved MG crewman [14.13]) took: they carry
    #: none [7.33] (:mod:`rules.soldiers.equipment`).
    weaponless: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: The grenades each man took from others (+) or gave (-) [7.33; 12]
    #: (:mod:`rules.soldiers.handover`).
    grenades_taken: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    #: The disabled man each man carries [11.3] (:mod:`rules.soldiers.carrying`).
    carrying: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass
class Arrivals(Record):
    """The scenario's events and reinforcements [6.12; 19.32]: how many Event A and Event B
    results have been rolled (the next is the scenario's First, Second, Third...), the
    reinforcement groups that may enter now, and the Command Cycle in which each of the
    scenario's events came (``came``: slot -> cycle; a mission's deadline may count from it,
    21.3)."""

    events: dict[str, int] = state_field(default_factory=dict)
    eligible: set[str] = state_field(default_factory=set)
    came: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    #: Scenario 26 Surprised [26.4]: the chits the Chit Activation Table has still to place,
    #: and the rolls made on it (:mod:`rules.soldiers.activation`).
    inactive: list[str] = state_field(default_factory=list, encode=_unless_empty)
    activation_rolls: int = state_field(default=0, encode=_unless_empty)
    #: The zone each reinforcing squad entered in, by squad: ``specified`` (the scenario's
    #: zones) or an adjacent zone's ``BOARD/N`` after a delay; the rest enter there [19.34]
    #: (:mod:`rules.soldiers.delayed_entry`).
    entry_zones: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: Scenario 25's US zone group, rolled at the start [25.5] (0: none rolled); his
    #: reinforcements enter by its zone [25.6] (:mod:`rules.soldiers.zone_groups`).
    zone_group: int = state_field(default=0, encode=_unless_empty)


@dataclass
class CommandTrack(Record):
    """The Command Track [5.1-5.3]: each chit's space (:data:`SPACES`), each side's committed
    chit (None: none), and the chit active in the previous Action Phase (it may not commit)."""

    space: dict[str, str] = state_field(default_factory=dict)
    committed: dict[str, str | None] = state_field(default_factory=dict)
    last_chit: str | None = None
    #: Bidding [5.31] (:mod:`rules.soldiers.bidding`): None before it, the side to bid, done.
    bidding: str | None = state_field(default=None, encode=_unless_empty)
    #: Chits removed for a squad's catastrophic loss [6.28] (:mod:`rules.soldiers.leaders`).
    removed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: Assistant squad leaders whose squad leader was disabled [6.22]
    #: (:mod:`rules.soldiers.leaders`): within six hexes, command passed to him (``asl_free``);
    #: else his command rating is 1 for good (``asl_reduced``).
    asl_free: set[str] = state_field(default_factory=set, encode=_unless_empty)
    asl_reduced: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: Leaderless squads and the other squad whose leaders order their men [6.27]
    #: (:func:`rules.soldiers.leaders.leaderless`).
    attached: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: A leaderless squad waiting on its owner's choice of the squad it is attached to [6.27]
    #: (:mod:`rules.soldiers.attach_choice`).
    attaching: AttachChoice | None = state_field(default=None, encode=_attach)
    #: A squad's catastrophic loss waiting on its owner's choice of the chit removed [6.28]
    #: (:mod:`rules.soldiers.chit_loss`).
    losing: ChitLossChoice | None = state_field(default=None, encode=_chit_loss)


@dataclass
class ActiveTurn(Record):
    """The active chit's turn (the Action Phase [6]): the chit, its risk level
    (:data:`RISKS`), the orders left to give, the men in command who may take one, the men
    ordered in it and in the previous one (never ordered again at once [6.21]), the man under
    orders now with his Action Points left, and each man's shots this phase [8.1]; the hexes of
    the men whose sight counts for his moves, judged when his actions start [7.23] (friendly:
    his own and those of the friendly able, non-suppressed men he sees; enemy: the able,
    non-suppressed enemy men's), and whether he entered wire or a minefield and may move no
    further [18.33; 18.44; 18.45]; ``rolled`` False while an independent turn's man is still to
    be selected, before its risk level is rolled [6.23]; the men who have reaction fired in
    this Action Phase (their Reaction Fire markers, removed in the End Phase [8.65]) and the
    chance to react the other side has now, if any [8.6]."""

    chit: str | None = None
    risk: str = "Cautious"
    orders_left: int = 0
    in_command: set[str] = state_field(default_factory=set)
    ordered: set[str] = state_field(default_factory=set)
    prev_ordered: set[str] = state_field(default_factory=set)
    current: str | None = None
    ap: float = 0.0
    shots: dict[str, int] = state_field(default_factory=dict)
    friendly_eyes: set[str] = state_field(default_factory=set)
    enemy_eyes: set[str] = state_field(default_factory=set)
    stopped: bool = False
    rolled: bool = True
    reacted: set[str] = state_field(default_factory=set, encode=_unless_empty)
    reaction: Reaction | None = state_field(default=None, encode=_reaction)
    #: A group's order [6.24; 7.1] (:mod:`rules.soldiers.groups`): its men acting together,
    #: the open step (``combat 2``) and the men who acted in it, its men wounded when ordered.
    group: list[str] = state_field(default_factory=list, encode=_unless_empty)
    step: str | None = state_field(default=None, encode=_unless_empty)
    step_men: set[str] = state_field(default_factory=set, encode=_unless_empty)
    group_wounded: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: Actions in an enemy-occupied hex [8.83] (:mod:`rules.soldiers.melee`): the hex (by name)
    #: where the man or group under orders began with a non-suppressed enemy man (or with only
    #: suppressed ones, ``may_leave``), limited to hand-to-hand and fire into it; None: free.
    engaged: str | None = state_field(default=None, encode=_unless_empty)
    may_leave: bool = state_field(default=False, encode=_unless_empty)
    #: The hex the open step's fire or throws go into (one hex for the same APs [8.2; 12.12])
    #: and its enemy men as they stood when the step's APs were paid (man -> suppressed then):
    #: every fire with the same APs takes the same hit chance modifiers [8.34], and a man
    #: suppressed by it may still be chosen for its damage [8.41].
    step_hex: str | None = state_field(default=None, encode=_unless_empty)
    step_targets: dict[str, bool] = state_field(default_factory=dict, encode=_unless_empty)
    #: The enemy men fired at in this Action Phase: no longer to be spotted [8.21].
    fired_at: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: The mode each man's assault rifle has fired in this Action Phase, ``semi`` or ``auto``:
    #: it must be used in the same mode throughout the phase [8.71].
    modes: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: The Action Phase is an operational turn, declared instead of rolling for risk level and
    #: events [6.3; 6.32] (:mod:`rules.soldiers.operational_turns`).
    operational_turn: bool = state_field(default=False, encode=_unless_empty)
    #: An operational move held while the owner of a hidden MG it concerns chooses [14.12],
    #: and the man/gun pairs (``man/gun``) whose owner chose to wait for this move
    #: (:mod:`rules.soldiers.hidden_gun_choice`).
    held: HeldMove | None = state_field(default=None, encode=_held)
    waited: set[str] = state_field(default_factory=set, encode=_unless_empty)
    #: A damage procedure waiting on a player's choice of the man hit [8.41; 8.43]
    #: (:mod:`rules.soldiers.damage_choice`).
    damage: DamageChoice | None = state_field(default=None, encode=_damage_choice)
    #: A hand-to-hand hit or a minefield attack waiting on a player's choice of its man [8.82;
    #: 18.41], or the hand-to-hand lines on the placing player's [8.81]
    #: (:mod:`rules.soldiers.damage_choice`).
    victim: VictimChoice | None = state_field(default=None, encode=_victim_choice)
    #: A destroy equipment action waiting on its player's choice of what it destroys [9.5]
    #: (:mod:`rules.soldiers.destroying`).
    wrecking: WreckChoice | None = state_field(default=None, encode=_wreck)
    #: Reaction fire waiting on the reacting player's choice of its fire types [8.63]
    #: (:mod:`rules.soldiers.reaction_choice`).
    fire_types: FireTypeChoice | None = state_field(default=None, encode=_fire_types)
    #: Scenario 26's first Command Cycle [26.3] (:mod:`rules.soldiers.airborne_turns`): the US
    #: leader chit's play waiting on its owner (``asked``) or chosen (``leader``,
    #: ``independent``); None where there was no choice.
    chit_as: str | None = state_field(default=None, encode=_unless_empty)
