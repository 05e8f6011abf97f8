"""What the greedy bot needs of a Soldiers state: a disabled man is a loss of 1 (wounded 0.4,
suppressed 0.15) [8.44], an invented scale; an order is worth the man's best next action.
A reaction declared and not yet resolved counts for its odds of a hit (:data:`HIT_WORTH` a hit),
so the bot declares reaction fire whose odds are worth having and resolves it [8.6]; a grenade
throw is tried on copies with their own dice like a shot [12], and so are a satchel charge
[16.22] and the free call's strike [17.25]; the enemy's artillery calls count for their odds
(:func:`rules.soldiers.artillery.expected_losses`) [17.3]. A man in sight and reach of an
enemy on overwatch is a small loss (:data:`WATCH_WORTH`), the threat of the reaction fire his
next move draws [13.2], so the bot watches an approach the enemy must cross; an MG crewman whose
gun may not fire (dismantled, short-crewed) threatens nothing, so preparing it is worth an
action [14.2].

A man's weapon counts for what it can do now: jammed or needing a reload, a little less (an
action away [7.32; 8.52]); out of ammo with no clip left, next to nothing (his grenades, his
hands [8.51]), so taking a dead friend's loaded weapon is worth all his AP when he has nothing
better to do [7.33]. Other equipment [7.33] is taken when it pays: a spent man takes a dead
friend's spare clips (he is spent no more [11; 8.52]); an MG fired one man short counts for
:data:`SHORT_THREAT` of a full crew's [14.3] and a part taken from a dead crewman of a short
crew for :data:`PART_WORTH`, so a man fills the crew [14.13] (never relieving an able
crewman, who is then unarmed and threatens nothing); a side whose radio no man who may use
it carries loses :data:`RADIO_LOSS`, so a leader takes a dead radioman's radio and a man who
may not use it does not [17.11; 17.12]; a man with no grenade left takes a disabled friend's
or a prisoner's, :data:`GRENADE_WORTH` each (two at most) [12; 7.33]. A suppressed man is
harder to hit [8.32; 8.43] (:data:`PRONE_COVER` of the enemy's fire reaches him), so a man
who can do nothing useful where the enemy sees him suppresses himself, free, rather than stand
[7.41].

Operational turns [6.3]: the bot declares one while the enemy it knows of is farther than an
operational move can close (8 hexes kept away plus its 8 AP, :data:`MARCH`) from the active
leader or, in an independent turn, from a man it may select; nearer, a tactical turn's 5 AP can
bring men into contact, which an operational move may not. A hidden MG's owner keeps the gun
hidden when the held move would enter its crew's sight (the mover stops there and the gun may
fire in reaction [14.12]), and reveals it when the move would bring the man unseen within
grenade reach of the crew (:data:`GRENADE_REACH` [12.11]); else he keeps it hidden.

Who takes the damage [8.41; 8.43]: the bot names the man the engine's stand-in names
(:func:`rules.soldiers.damage_choice.default`: as the firer, a leader first; as the owner, a
non-suppressed man of the lowest initiative, his leaders spared; the enemy man hit in
hand-to-hand [8.82], a leader first; the man a minefield attacks [18.41], the highest
initiative); the hand-to-hand line-up [8.81], the place the engine's former stand-in gives the
next man (:func:`rules.soldiers.melee.lineup_stand_in`), so seeded bot games play as before the
players chose; at the end of a Command Cycle every suppressed man of its side stands up [4]
(:func:`rules.soldiers.stand_up.default`); a destroy equipment action destroys the enemy
men's equipment in the hex and keeps its own side's [9.5]
(:func:`rules.soldiers.destroying.default`, our reading); a leaderless squad is
given to the nearest other squad [6.27] (:func:`rules.soldiers.attach_choice.stand_in`); a
squad's catastrophic loss removes the chit the engine removed before the owner chose [6.28]
(:func:`rules.soldiers.chit_loss.stand_in`); an
alert man's reaction fire is the best type his weapon allows [8.63]
(:func:`rules.soldiers.reaction_choice.default`); a side with artillery support assigns its radio
to its leader with the highest command on the map at the start [17.1]
(:func:`rules.soldiers.radio_choice.stand_in`); in scenario 26's first Command Cycle a US
leader chit is played as a leader chit when its leader has two or more other men in command,
else as an independent chit [26.3] (our reading, :func:`rules.soldiers.airborne_turns.default`).

Bridge Destruction [26.2] (:mod:`rules.soldiers.bridges`): an able engineer of the side that
blows the bridges, carrying a satchel charge, makes for the nearest standing bridge (its hex an
objective of his alone, pulling :data:`ERRAND_PULL` harder than the conditions' regions), wires
it (:data:`CHOICE_WORTH`: a wired bridge keeps the choice to blow it, our reading), then keeps
1-3 hexes from it (out of the blast, within reach); he or a leader blows it when an able enemy
man is within :data:`CROSSING` hexes of it and another bridge stands (our reading: deny the
enemy the crossing, keep one bridge for the side's own "at least one bridge intact"), and not
otherwise, unless the one-ply score sees a win in it (the enemy's win that needs a bridge)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.victory import AllConditions, AnyCondition, Condition
from rules.bots.greedy import ACTIVITY_BONUS, Adapter, Objective, Piece
from rules.bots.plan import numbered_names
from rules.engine.actions import Action
from rules.engine.core import Outcome
from rules.soldiers import (
    airborne_turns,
    attach_choice,
    bridges,
    chit_loss,
    damage_choice,
    destroying,
    radio_choice,
    reaction_choice,
    stand_up,
)
from rules.soldiers.artillery import expected_losses, users
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.grenades import grenades_left
from rules.soldiers.groups import OrderGroup
from rules.soldiers.handover import TakeGrenades
from rules.soldiers.hidden_gun_choice import WAIT, HiddenGunChoice
from rules.soldiers.kit import TakeKit, crew_of, gun_of, radio_carrier, unarmed, works
from rules.soldiers.machineguns import crew_here, why_not_gun
from rules.soldiers.melee import LineUp
from rules.soldiers.operational_turns import OPERATIONAL, Declare
from rules.soldiers.overwatch import watched
from rules.soldiers.reaction import expected_hits
from rules.soldiers.weapons import carried, holder, spare_clips

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

#: What one hit is worth to the evaluation: about the average of Sup, Wound and worse on the
#: damage lines (an invented scale, as the losses' own).
HIT_WORTH = 0.5
#: What an enemy in sight and reach of a man on overwatch is worth (an invented scale: about a
#: tenth of a hit each, three a watcher at most) [13.2].
WATCH_WORTH = 0.06
#: A man who acts by a group's order and would otherwise go without one this turn [7.1; 6.21]
#: (an invented scale: half a chit's turn to act).
GROUP_WORTH = ACTIVITY_BONUS / 2
#: What a suppressed man's threat is, against a standing man's 1: he must unsuppress first
#: [7.42] and sees nothing out of his hex [7.4] (an invented scale).
PRONE_THREAT = 0.5
#: How much of the enemy's fire reaches a suppressed man: the hit chance -2 to -4 by the terrain
#: [8.32] of a typical 5 or 6, and the damage roll -2 [8.43] (an invented scale).
PRONE_COVER = 0.7
#: A weapon an action away from firing (jammed [7.32], to be reloaded [8.52]), and one out of
#: ammo with no clip left [8.51]: their threat against a ready weapon's 1 (an invented scale).
STALLED_THREAT, SPENT_THREAT = 0.6, 0.1
#: A man whose weapon is out of ammo with no clip left, as a loss (an invented scale: a third
#: of a man out of the fight; his grenades and hands are left [8.51]).
SPENT_LOSS = 0.3
#: An MMG or HMG fired one man short of its crew, -2 to the hit chance and +3 to the weapon
#: check [14.3]: its threat against a full crew's 1 (an invented scale).
SHORT_THREAT = 0.7
#: A part taken from a disabled crewman of an MG whose able crew is short of its size [14.13;
#: 14.3]: the gun fires with its full crew again and, its parts carried by able men, may move
#: and be prepared elsewhere [14.2] (an invented scale: about a hit's worth).
PART_WORTH = 0.5
#: A side with artillery support whose radio is carried by no man who may use it (its carrier
#: disabled or off the map, or a non-leader who took it) [17.11; 17.12], as a loss (an invented
#: scale: a man and a half, the side's artillery calls). A leader stacked with a dead radioman may
#: call (rules.soldiers.kit.radio_users) but not take the radio along unless he takes it.
RADIO_LOSS = 1.5
#: Each grenade a man with none left takes from a disabled friend or a prisoner [7.33; 12],
#: two counted at most (an invented scale: the chance of a throw that hits, next to a turn's AP
#: spent). Not from an able friend of the group: as good in his hands (our reading).
GRENADE_WORTH, GRENADES_COUNTED = 0.15, 2
#: How far off the nearest known enemy must be for the bot to march operationally: the 8 hexes
#: an operational move keeps away plus the 8 AP it moves [6.3].
MARCH = 16
#: A thrown grenade's reach [12.11]: a man unseen this near a hidden gun's crew threatens it.
GRENADE_REACH = 5
#: What the bot's choice of turn or of a hidden gun's reveal weighs against the one-ply score,
#: which sees neither (an invented scale: enough to decide it, 5 hits' worth).
CHOICE_WORTH = 2.5
#: How much harder than the conditions' regions the bridge pulls the engineer sent to it, and
#: the hexes 1-3 from a wired one the engineer who is to blow it [26.2] (an objective's
#: priority, in turns of marching: an invented scale, the errand first).
ERRAND_PULL = 10.0
#: How near a wired bridge an able enemy man must be for the bot to blow it [26.2]: a tactical
#: turn's 5 AP and the bridge hex (an invented scale).
CROSSING = 6


class SoldiersAdapter(Adapter):
    def selects(self, action: Action) -> bool:
        """An order only picks the man (or group [6.24]) who acts next [6.21]."""
        return action.verb in ("order-man", "order-group")

    def prior(self, action: Action) -> float:
        """A chit committed gives the side a turn to act [5.2]; a bid spends the chit's future
        activations for this one, which the evaluation does not see, so the bot bids only
        where the position says so (our reading) [5.31]."""
        if action.verb == "bid":
            return -ACTIVITY_BONUS / 2
        return ACTIVITY_BONUS if action.verb == "commit" else 0.0

    def prior_in(self, state: SoldiersState, action: Action) -> float:
        """The bot's choice of an operational turn [6.3] and of a hidden gun's reveal [14.12]
        (see the module's words); else :meth:`prior`."""
        if isinstance(action, Declare):
            far = _far_from_enemy(state, action.side)
            if action.kind == OPERATIONAL:
                return CHOICE_WORTH if far else -CHOICE_WORTH
            return 0.0
        if isinstance(action, HiddenGunChoice):
            keep = _ambush(state, action.gun)
            return CHOICE_WORTH if keep == (action.choice == WAIT) else 0.0
        if isinstance(action, TakeDamage):  # the engine's stand-in [8.41]
            return CHOICE_WORTH if action.man == damage_choice.default(state) else 0.0
        if isinstance(action, LineUp):  # the engine's stand-in line-up [8.81]
            return CHOICE_WORTH if action.opposite == damage_choice.default(state) else 0.0
        if isinstance(action, reaction_choice.ReactionType):  # the best type [8.63]
            return CHOICE_WORTH if action.fire_type == reaction_choice.default(state) else 0.0
        if isinstance(action, airborne_turns.ChitAs):  # men in command: a leader turn [26.3]
            return CHOICE_WORTH if action.kind == airborne_turns.default(state) else 0.0
        if isinstance(action, attach_choice.Attach):  # the nearest squad [6.27]
            return CHOICE_WORTH if action.other == attach_choice.default(state) else 0.0
        if isinstance(action, chit_loss.RemoveChit):  # the former stand-in's chit [6.28]
            return CHOICE_WORTH if action.chit == chit_loss.default(state) else 0.0
        if isinstance(action, radio_choice.AssignRadio):  # the stand-in's leader [17.1]
            return CHOICE_WORTH if action.man == radio_choice.default(state) else 0.0
        if state.active.wrecking is not None:  # all the equipment destroyed [9.5]
            return CHOICE_WORTH if destroying.default(state, action) else 0.0
        if state.play.standing is not None:  # every suppressed man stands up [4]
            return CHOICE_WORTH if stand_up.default(state, action) else 0.0
        if isinstance(action, bridges.WireBridge):  # a wired bridge keeps the choice [26.2]
            return CHOICE_WORTH
        if isinstance(action, bridges.BlowBridge):  # the errand's pull ends with it
            worth = ERRAND_PULL + CHOICE_WORTH
            return worth if denies_crossing(state, action) else -worth
        if isinstance(action, TakeGrenades | TakeKit) and action.count:
            return -CHOICE_WORTH  # all he may take, as before some were offered [7.33]
        if isinstance(action, TakeGrenades):
            return _grenades_worth(state, action)
        if isinstance(action, TakeKit) and action.item == "part":
            return _part_worth(state, action)
        return self.prior(action)

    def selection_worth(self, state: SoldiersState, action: Action) -> float:
        """A group's order lets its other men act on the order's AP [7.1]: each man who acts
        so and would otherwise go without an order this turn (the leader's orders are fewer
        than the men he may order [6.21]) is worth :data:`GROUP_WORTH`, which the one-ply
        follow-up (one man's action) cannot see."""
        if not isinstance(action, OrderGroup):
            return 0.0
        k = state.active.orders_left
        n = sum(1 for m in state.active.in_command if state.may_order(m))
        acting = min(k - 1 + len(action.men), n) - min(k, n)
        return GROUP_WORTH * max(0, acting)

    def pieces(self, state: SoldiersState) -> dict[str, Piece]:
        """Each able man on the map; an engineer sent to a bridge [26.2] has the category of
        his errand (``wire C/1508``, ``blow C/1508``), which only his objective counts."""
        men = state.game.men
        prone = state.troops.suppressed
        rule = bridges.rule_of(state)
        return {
            m: Piece(
                men[m].side,
                h,
                min(15, carried(state, m).max_range),
                threat(state, m),
                3.0,
                _errand(state, m) if rule is not None else None,
                cover=PRONE_COVER if m in prone else 1.0,
            )
            for m, h in state.troops.hexes.items()
            if m not in state.troops.disabled
        }

    def unit_objectives(self, game: SoldiersGame, side: str) -> list[Objective]:
        """The wiring side's bridges [26.2]: each bridge hex for the engineer sent to wire it,
        the hexes 1-3 from it (out of the blast, within reach) for the one who is to blow it;
        none for a side without engineers."""
        from rules.soldiers.engineers import is_engineer

        if side != bridges.wirer(game):
            return []
        if not any(is_engineer(m) and m.side == side for m in game.men.values()):
            return []  # no engineer to send: the side's play as it was
        found = []
        for h in bridges.every_bridge(game):
            name = game.name(h)
            near = frozenset(x for x in game.amap.hexes if 0 < x.distance(h) <= bridges.REACH)
            found.append(Objective(frozenset((h,)), 1.0, (f"wire {name}",), ERRAND_PULL))
            found.append(Objective(near, 1.0, (f"blow {name}",), ERRAND_PULL))
        return found

    def lost(self, state: SoldiersState, side: str) -> float:
        men = state.game.men
        disabled = sum(1 for m in state.troops.disabled if men[m].side == side)
        wounded = sum(
            1
            for m in state.troops.wounded
            if men[m].side == side and m not in state.troops.disabled
        )
        shaken = sum(1 for m in state.troops.suppressed if men[m].side == side)
        # reaction fire declared against the side and not yet resolved: its odds [8.62; 8.63]
        pending = expected_hits(state, side) * HIT_WORTH
        # the enemy's artillery calls on the side's men, not yet resolved [17.3]
        pending += expected_losses(state, side)
        watching = watched(state, side) * WATCH_WORTH  # enemy overwatch on them [13.2]
        if _radio_idle(state, side):
            watching += RADIO_LOSS  # no man who may use it carries the radio [17.12]
        spent = SPENT_LOSS * sum(  # out of ammo, no clip left: out of the fight [8.51]
            1
            for m in state.troops.hexes
            if men[m].side == side and m not in state.troops.disabled and _spent(state, m)
        )
        return disabled + 0.4 * wounded + 0.15 * shaken + pending + watching + spent

    def standing(self, state: SoldiersState) -> Outcome:
        from rules.soldiers.victory import evaluate_outcome

        return evaluate_outcome(state, final=True, timed=False)

    def conditions(self, game: SoldiersGame) -> list[Condition]:
        """The scenario's conditions and those of the missions played: a side makes for its
        mission's objectives [19.1; 19.7]."""
        return list(_flat(game.victory.conditions))

    def exited(self, state: SoldiersState, side: str) -> int:
        """The side's men moved off the map, not as prisoners [7.26; 19.7]."""
        men = state.game.men
        return sum(
            1 for m in state.troops.exited if men[m].side == side and m not in state.troops.captured
        )

    def hex_of(self, state: SoldiersState, name: str) -> Hex | None:
        return state.game.by_name.get(name.upper())

    def plan_names(self, game: SoldiersGame) -> dict[str, frozenset[str]]:
        """Each man answers to his squad's entry [2.11]."""
        from rules.soldiers.units import squad_men

        squads = numbered_names(
            game.scenario, lambda side, code, n: squad_men(side, code)[0][0].squad
        )
        return {m: squads.get(man.squad, frozenset()) for m, man in game.men.items()}


def threat(state: SoldiersState, man: str) -> float:
    """How dangerous ``man``'s fire is now, 1 for a standing man with a ready weapon: an MG not
    ready threatens nothing [14.2; 14.3], one fired one man short less [14.3], nor does a
    crewman relieved of his part, unarmed [14.13]; a weapon jammed or to be reloaded is an
    action away [7.32; 8.52]; one out of ammo with no clip left fires no more [8.51]; a
    suppressed man must unsuppress first [7.42]."""
    if why_not_gun(state, man, None) is not None or unarmed(state, man):
        return 0.0
    if man in state.troops.weaponless:  # his weapon taken by a man without one [7.33]
        return 0.0
    troops, own = state.troops, holder(state, man)
    found = 1.0
    if _spent(state, man):
        found = SPENT_THREAT
    elif own in troops.jammed or own in troops.ammo_out:
        found = STALLED_THREAT
    if _short_crewed(state, man):
        found *= SHORT_THREAT
    return found * (PRONE_THREAT if man in troops.suppressed else 1.0)


def _errand(state: SoldiersState, man: str) -> str | None:
    """An engineer's errand at a bridge, as his Piece category (``wire C/1508``) [26.2]."""
    found = bridges.errand(state, man)
    return f"{found[0]} {state.game.name(found[1])}" if found is not None else None


def denies_crossing(state: SoldiersState, action: bridges.BlowBridge) -> bool:
    """Whether blowing the wired bridge denies the enemy a crossing he is near: an able enemy
    man on the map within :data:`CROSSING` hexes of it, and another bridge standing [26.2]."""
    rule = bridges.rule_of(state)
    target = state.game.by_name.get(action.hex.upper())
    if rule is None or target is None:
        return False
    if not [h for h in bridges.bridge_hexes(state, rule) if h != target]:
        return False
    side, troops, men = state.game.men[action.man].side, state.troops, state.game.men
    return any(
        men[m].side != side and m not in troops.disabled and h.distance(target) <= CROSSING
        for m, h in troops.hexes.items()
    )


def _far_from_enemy(state: SoldiersState, side: str) -> bool:
    """Whether the active leader (else a man the side may select) is more than :data:`MARCH`
    hexes from every enemy man it knows of [6.3]."""
    from rules.soldiers.hidden_guns import unseen

    troops, game = state.troops, state.game
    hidden = unseen(state, side)
    enemies = [
        h
        for m, h in troops.hexes.items()
        if game.men[m].side != side and m not in troops.disabled and m not in hidden
    ]
    chit = game.chits[str(state.active.chit)]
    leader = None if airborne_turns.independent(state) else chit.leader  # [26.3]
    men = (
        [leader]
        if leader is not None and leader in troops.hexes
        else sorted(state.active.in_command)
    )
    ours = [troops.hexes[m] for m in men if m in troops.hexes]
    return any(all(h.distance(e) > MARCH for e in enemies) for h in ours)


def _ambush(state: SoldiersState, gun: str) -> bool:
    """Whether the owner keeps the hidden gun hidden for the held move [14.12]: its path
    enters a crewman's sight (an ambush: he stops there, the gun may fire), or never comes
    within :data:`GRENADE_REACH` of the crew."""
    held, game, troops = state.active.held, state.game, state.troops
    if held is None:
        return True
    crew = [troops.hexes[m] for m in game.guns[gun] if m in troops.hexes]
    path = [game.by_name[n.upper()] for n in held.path]
    if any(c == h or state.sees(c, h) for c in crew for h in path):
        return True
    return all(c.distance(h) > GRENADE_REACH for c in crew for h in path)


def _flat(conditions: Iterable[Condition]) -> Iterator[Condition]:
    """Each condition, and the parts of an all-of or any-of (a mission's exit or building is
    inside them [19.7])."""
    for cond in conditions:
        yield cond
        if isinstance(cond, AllConditions | AnyCondition):
            yield from _flat(cond.conditions)


def _short_crewed(state: SoldiersState, man: str) -> bool:
    """The MG whose fire is his would fire one man short of its crew [14.3; 14.13]."""
    gun, at = works(state, man), state.troops.hexes.get(man)
    if gun is None or at is None:
        return False
    return len(crew_here(state, gun, at, state.game.men[man].side)) < len(state.game.guns[gun])


def _radio_idle(state: SoldiersState, side: str) -> bool:
    """The side bought artillery support and no able man on the map who may use its radio
    carries it [17.11; 17.12]."""
    if side not in state.game.artillery_support:
        return False
    carrier = radio_carrier(state, side)
    return carrier is None or carrier not in users(state, side)


def _part_worth(state: SoldiersState, action: TakeKit) -> float:
    """What taking the other man's MG part is worth [14.13]: :data:`PART_WORTH` from a disabled
    or captured crewman of a gun whose able crew is fewer than its size; else nothing (an able
    crewman's part: he is relieved, unarmed, and the crew no bigger; an enemy gun's part,
    our reading: the bot fills its own guns' crews only)."""
    troops, gun = state.troops, gun_of(state, action.other)
    if gun is None or action.other not in troops.disabled | troops.captured:
        return 0.0
    if state.game.men[state.game.guns[gun][0]].side != state.game.men[action.man].side:
        return 0.0  # an enemy gun's part: no worth of its own (our reading) [8.73]
    able = [m for m in crew_of(state, gun) if m not in troops.disabled | troops.captured]
    return PART_WORTH if len(able) < len(state.game.guns[gun]) else 0.0


def _grenades_worth(state: SoldiersState, action: TakeGrenades) -> float:
    """What taking the other man's grenades is worth [7.33; 12]: :data:`GRENADE_WORTH` each, two
    at most, for a man with none left, from a disabled friend or a prisoner; else nothing."""
    troops = state.troops
    if grenades_left(state, action.man) > 0:
        return 0.0
    if action.other not in troops.disabled and action.other not in troops.captured:
        return 0.0
    return GRENADE_WORTH * min(GRENADES_COUNTED, grenades_left(state, action.other))


def _spent(state: SoldiersState, man: str) -> bool:
    """His weapon is out of ammo and he has no clip left [8.51; 8.52], or destroyed [9.5]."""
    own = holder(state, man)
    if man in state.troops.destroyed:
        return True
    return own in state.troops.ammo_out and not spare_clips(state, own)
