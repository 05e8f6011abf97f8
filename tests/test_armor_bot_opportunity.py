"""The heuristic bot plots a unit's own main-gun Opportunity Fire, "N-<hex>" [AG V.A.2.b;
AG VII.F] (and "N-<hex> CR" [OP XXIII]) where a known enemy Vehicle it cannot fire at now may
come into its sight and reach, weighed as :mod:`rules.armor.bot_watch` weighs a weapon's own
order (:func:`rules.armor.bot_watch.main_gun_watch`, our weighting) against the unit's best
other order; it fires the order when it is triggered [AG VII.F.3].

The scenes stand on the J-K-L map's Clear line of ``test_armor_antitank`` (the Sherman on its
first hex, L0129) with a German tank where the Sherman cannot sight it (K0517: ground between)
but would on a hex beside it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from armor_scenes import jkl_base
from armor_sides import two_sides
from test_armor_antitank import SCENARIO, _line, _state

from model.hexes import Hex, within
from model.scenario_io import load_scenario, parse_scenario
from rules.armor.bot import ArmorPlanner, _worth
from rules.armor.bot_ammo import CR_GAIN, cr_gain
from rules.armor.bot_watch import APPROACH, WATCH_MOVES, _moved, main_gun_watch
from rules.armor.fire import aim, why_not_fire
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.move import destinations
from rules.armor.opportunity import WATCH_RADIUS, OpportunityAnswered
from rules.armor.orders import OpportunityFire, Order
from rules.armor.range import range_between
from rules.bots.base import Bot, make_bot, play
from rules.engine.actions import Action, Done
from rules.engine.core import State
from rules.registry import load_game

M4, PZ, M18, PANTHER = "us.M4.1", "german.PZIVJ.1", "us.M18.1", "german.PANTHER-A.1"
#: Where the German tank stands out of the Sherman's sight (see the module).
UNSEEN = "K0517"


def _watch_scene(us: str = "M4", german: str = "PZIVJ", options: str = "") -> ArmorState:
    """The American tank on L0129 facing north, the German one on :data:`UNSEEN` facing it."""
    game = jkl_base()
    return _state(
        [(us, "", _line(30)[0], 0)],
        [(german, "", game.amap.resolve(UNSEEN), 3)],
        options=options,
    )


def _chosen(state: ArmorState, side: str = "us", seed: int = 1) -> Action:
    return make_bot("heuristic", seed).choose(state, side)


def test_ag_v_a_2_b_a_standing_sherman_plots_opportunity_fire_for_a_panzer_out_of_sight() -> None:
    """[AG V.A.2.b; AG VII.F]: the PZIVJ cannot be fired at now (not sighted), so the Sherman
    has no Direct Fire; the heuristic bot writes "N-<hex>" on the hex nearest the Panzer where
    the Sherman could fire at it were it there (not a move, not nothing), alone
    [AG V.A.2.b(1)], a legal order; worth the Opportunity Fire's odds (-8, Slow Rate
    [AG VII.F.1]) times :data:`WATCH_MOVES`. The same seed chooses the same."""
    state = _watch_scene()
    assert why_not_fire(state, M4, PZ) is not None
    order = _chosen(state)
    assert isinstance(order, Order) and order.unit == M4 and order.opportunity is not None
    assert order == Order(M4, opportunity=order.opportunity)  # no other orders of any kind
    assert state.why_not(order) is None
    spot = state.game.amap.resolve(order.opportunity)
    at = state.troops.hexes[PZ]
    assert 0 < range_between(spot, at) <= APPROACH
    public = state.clone()
    with _moved(public, PZ, spot):
        assert why_not_fire(public, M4, PZ) is None  # it would fire at it there
        shot = aim(public, M4, PZ, opportunity=True, moving=False, target_hexes=1)
        assert any(m.value == -8 and "Opportunity" in m.what for m in shot.modifiers)
        assert shot.shots == state.game.units[M4].rof_slow  # [AG VII.F.1]
    nearer = [h for h in state.game.amap.hexes if range_between(h, at) < range_between(spot, at)]
    for h in nearer:  # none nearer the Panzer where it could
        with _moved(public, PZ, h):
            assert h == state.troops.hexes[M4] or why_not_fire(public, M4, PZ) is not None
    found = main_gun_watch(state, state.clone(), M4, _worth)
    assert found is not None and found[1] == order and 0 < found[0] <= WATCH_MOVES * 21
    assert _chosen(_watch_scene()) == order


def test_ag_vi_a_with_the_panzer_in_sight_the_sherman_fires_direct_fire_instead() -> None:
    """[AG V.A.2.a; AG VII.F.1]: the PZIVJ twelve hexes up the line, in sight and reach: the
    Direct Fire (Rapid Rate, no -8) is plotted, not an Opportunity Fire waiting for it; and no
    main-gun watch is weighed at a unit it may fire at now."""
    line = _line(30)
    state = _state([("M4", "", line[0], 0)], [("PZIVJ", "", line[12], 3)])
    assert why_not_fire(state, M4, PZ) is None
    order = _chosen(state)
    assert isinstance(order, Order) and order.fire == PZ and order.opportunity is None
    assert main_gun_watch(state, state.clone(), M4, _worth) is None


def _with_route(route: str) -> ArmorState:
    """The scene of :func:`_watch_scene`, the American side's bot plan routing it to
    ``route``."""
    game = jkl_base()
    amap = game.amap

    def force(code: str, h: Hex, compass: int) -> str:
        facing = amap.global_to_direction(h, compass)
        return (
            f"      - {{unit: {code}, state: [], placement: {{kind: hex, hex: {amap.name(h)}, "
            f"facing: {facing}}}}}"
        )

    sides = two_sides(force("M4", _line(30)[0], 0), force("PZIVJ", amap.resolve(UNSEEN), 3), 3)
    plan = f"    plan: {{posture: attack, route: ['{route}']}}\n"
    sides = sides.replace("    nation: us\n", "    nation: us\n" + plan, 1)
    text = SCENARIO.format(options="") + sides
    state = load_game(parse_scenario(text, "position.yaml")).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def test_ag_v_a_2_b_1_a_unit_its_plan_sends_on_is_not_frozen_by_opportunity_fire() -> None:
    """[AG V.A.2.b(1)]: with Opportunity Fire "no other orders of any kind", so the unit stands
    all Turn. Our reading: a unit with somewhere to go (its side's bot plan routes it to a
    waypoint it is not in, a scenario's task, an exit to reach, 4A's advance) is not given
    one; the Sherman of the same scene, routed to the hex seven up its line, moves."""
    ahead = jkl_base().amap.name(_line(30)[7])
    state = _with_route(ahead)
    bot = make_bot("heuristic", 1)
    order = bot.choose(state, "us")
    assert isinstance(order, Order) and order.unit == M4
    assert order.opportunity is None and order.moves
    way = frozenset({state.game.amap.resolve(ahead)})
    assert ArmorPlanner._must_move(state, "us", M4, way)
    assert not ArmorPlanner._must_move(_watch_scene(), "us", M4, None)


def test_op_xxiii_an_m18_watching_for_a_panther_within_10_hexes_plots_n_with_apcr() -> None:
    """[OP XXIII.A]: APCR's "CR" lines reach 10 hexes; an M18 five hexes from a Panther it
    cannot sight watches the hex nearest it with "N-<hex> CR" (our reading of APCR with
    Opportunity Fire), APCR raising the chance of a penetration there by :data:`CR_GAIN` or
    more (the Slow Rate and -8 [AG VII.F.1]); without the option, no "CR", and the watch is
    worth less."""
    game = jkl_base()
    firer, tank = game.amap.resolve("K0120"), game.amap.resolve("K0516")
    scene = ([("M18", "", firer, 0)], [("PANTHER-A", "", tank, 3)])
    state = _state(*scene, options="apcr")
    assert why_not_fire(state, M18, PANTHER) is not None
    order = _chosen(state)
    assert isinstance(order, Order) and order.opportunity is not None and order.apcr
    assert state.why_not(order) is None
    spot = state.game.amap.resolve(order.opportunity)
    assert range_between(firer, spot) <= 10
    public = state.clone()
    with _moved(public, PANTHER, spot):
        assert cr_gain(public, M18, PANTHER, opportunity=True) >= CR_GAIN
    found = main_gun_watch(state, state.clone(), M18, _worth)
    assert found is not None and found[1] == order
    plain = _state(*scene)  # plain AP at -8 rarely holes the Panther: worth less, no "CR"
    without = main_gun_watch(plain, plain.clone(), M18, _worth)
    assert without is None or (not without[1].apcr and without[0] < found[0])
    assert not getattr(_chosen(plain), "apcr", False)


def _entering(state: ArmorState, unit: str, spot: Hex) -> Order:
    """An order of ``unit`` whose move ends in ``spot`` (the Panzer's own Speed)."""
    spec = state.game.units[unit]
    ends = destinations(
        spec,
        state.troops.hexes[unit],
        state.troops.facing[unit],
        state.cost_for(spec),
        state.game.on_map,
        None,
    )
    moves = min((d.moves for d in ends if d.hex == spot), key=len)
    return Order(unit, moves=moves)


def test_ag_vii_f_3_the_bot_fires_the_opportunity_fire_it_plotted_when_the_panzer_comes() -> None:
    """[AG VII.F.3]: the Panzer moves into the watched hex; the engine asks the American side,
    and the heuristic bot fires ("opportunity-fire"), its shot able to hit with the -8
    [AG VII.F.1]; the fire is resolved and logged as the bot's answer."""
    state = _watch_scene()
    order = _chosen(state)
    assert isinstance(order, Order) and order.opportunity is not None
    state.apply(order)
    spot = state.game.amap.resolve(order.opportunity)
    state.apply(_entering(state, PZ, spot))
    turn = state.play.turn
    while state.execution.asked is None and state.play.turn == turn:
        state.apply(Done(state.to_act()[0]))
    assert state.execution.asked is not None and state.execution.asked.firer == M4
    answer = make_bot("heuristic", 1).choose(state, "us")
    assert answer == OpportunityFire(M4, PZ)
    state.apply(answer)
    assert any(
        isinstance(e, OpportunityAnswered) and e.firer == M4 and e.fires and not e.mount
        for e in state.log
    )


class _Watching:
    """A heuristic bot whose every choice is checked legal; its main-gun "N-" orders counted."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.plotted = bot, 0

    def choose(self, state: State, side: str) -> Action:
        chosen = self.bot.choose(state, side)
        assert state.why_not(chosen) is None, chosen.text()
        if isinstance(chosen, Order) and chosen.opportunity is not None:
            self.plotted += 1
        return chosen


def test_ag_vii_f_a_heuristic_game_plots_and_fires_main_gun_opportunity_fire() -> None:
    """[AG V.A.2.b; AG VII.F]: scenarios/armor/demo-advanced.yaml, both sides the heuristic
    bot (seed 2): every choice legal, the game played to its end, at least one main-gun
    "N-<hex>" plotted, triggered and fired."""
    path = Path(__file__).parent.parent / "scenarios/armor/demo-advanced.yaml"
    game = load_game(dataclasses.replace(load_scenario(path)))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(2)
    assert isinstance(state, ArmorState)
    bots = {s: _Watching(make_bot("heuristic", 20 + i)) for i, s in enumerate(game.sides)}
    play(state, dict(bots))
    assert state.is_terminal() and sum(b.plotted for b in bots.values()) > 0
    fired = [
        e
        for e in state.log
        if isinstance(e, OpportunityAnswered) and e.fires and not e.mount and not e.tracking
    ]
    assert fired


def test_ag_vii_f_the_bot_waits_only_for_an_enemy_that_comes_our_reading() -> None:
    """Our reading of an ambush's reason: on its first Turn the bot reckons the unseen PZIVJ
    may come and the Sherman watches for it; the Panzer stands, and at the next Order Plot
    the same bot no longer waits for it (it is no nearer), so the Sherman does something else
    (two sides' units do not wait on each other for good)."""
    state = _watch_scene()
    bot = make_bot("heuristic", 1)
    first = bot.choose(state, "us")
    assert isinstance(first, Order) and first.opportunity is not None
    state.apply(first)
    turn = state.play.turn
    while not (state.segment.id == "plot" and state.play.turn > turn):
        state.apply(Done(state.to_act()[0]))
    assert state.troops.hexes[PZ] == state.game.amap.resolve(UNSEEN)
    again = bot.choose(state, "us")
    assert not (isinstance(again, Order) and again.opportunity is not None)


def _offered(state: ArmorState, unit: str, apcr: bool = False) -> set[str]:
    """The hexes of ``unit``'s main-gun Opportunity Fire orders among the legal actions."""
    return {
        a.opportunity
        for a in state.legal_actions(state.game.units[unit].side)
        if isinstance(a, Order) and a.unit == unit and a.opportunity and a.apcr == apcr
    }


def test_ag_v_a_2_the_legal_orders_offer_opportunity_fire_around_a_panzer_out_of_sight() -> None:
    """[AG V.A.2]: firing orders "against enemy units or any hexes that can be sighted". The
    PZIVJ cannot be fired at now, so no N is offered on its hex for that; the legal Orders
    offer the Sherman's "N-<hex>" on each hex within WATCH_RADIUS of it that the Sherman can
    sight [AG V.A.2.b], never its own hex [AG V.A.2.b(2)], and no other (our bound,
    :func:`rules.armor.opportunity.watch_hexes`): the heuristic bot's ambush is among them.
    A sightable hex far from any enemy is not listed, and still accepted when written by
    hand."""
    state = _watch_scene()
    amap = state.game.amap
    at = state.troops.hexes[PZ]
    around = [h for h in within(at, WATCH_RADIUS) if h in amap.hexes]
    sighted = {
        amap.name(h) for h in around if state.why_not(Order(M4, opportunity=amap.name(h))) is None
    }
    assert sighted and len(sighted) < len(around)  # some hexes beside it seen, its own not
    assert _offered(state, M4) == sighted
    assert UNSEEN not in _offered(state, M4)
    order = _chosen(state)
    assert order in state.legal_actions("us")  # the bot's ambush, a listed order
    far = _line(30)[6]
    assert range_between(far, at) > WATCH_RADIUS
    assert amap.name(far) not in _offered(state, M4)
    assert state.why_not(Order(M4, opportunity=amap.name(far))) is None  # [AG V.A.2]


def test_op_xxiii_apcr_opportunity_fire_is_offered_around_an_enemy_vehicle_only() -> None:
    """[OP XXIII; AG V.A.2.b]: with APCR in use, "N-<hex> CR" is offered on the same hexes
    around the Panther out of the M18's sight as plain N (the bot's "N-<hex> CR" among
    them); around a German squad out of sight beside it, plain N only (APCR at Vehicles,
    our reading as on the enemy units' own hexes); without the option, no "CR" order."""
    game = jkl_base()
    firer, tank = game.amap.resolve("K0120"), game.amap.resolve("K0516")
    state = _state([("M18", "", firer, 0)], [("PANTHER-A", "", tank, 3)], options="apcr")
    plain = _offered(state, M18)
    assert plain and _offered(state, M18, apcr=True) == plain
    assert _chosen(state) in state.legal_actions("us")
    squad = game.amap.resolve("K0415")
    both = _state(
        [("M18", "", firer, 0)],
        [("PANTHER-A", "", tank, 3), ("INFANTRY-SQUAD", "", squad, 3)],
        options="apcr",
    )
    assert why_not_fire(both, M18, "german.INFANTRY-SQUAD.1") is not None
    extra = _offered(both, M18) - _offered(both, M18, apcr=True)
    assert extra and all(
        range_between(both.game.amap.resolve(h), squad) <= WATCH_RADIUS for h in extra
    )
    none = _state([("M18", "", firer, 0)], [("PANTHER-A", "", tank, 3)])
    assert not _offered(none, M18, apcr=True) and _offered(none, M18) == plain


def test_op_ix_a_5_smoke_fired_in_play_keeps_opportunity_fire_off_the_hexes_it_hides() -> None:
    """[AG V.A.2; OP IX.A.5]: "N-<hex>" needs a hex the unit can sight; a face-up Smoke unit
    fired in play blocks the line into its hex (and out of it), so an N order on a hex beyond
    it on the same line is refused saying so, and the legal Orders of the Order Plot no longer
    offer the watched hexes it hides; an adjacent hex stays sighted."""
    clear, smoked = _watch_scene(), _watch_scene()
    amap = clear.game.amap
    line = _line(30)
    smoked.smoke.smoke_face_up.add(line[3])  # as the Fire and Smoke Phase left it [IX.A.4]
    smoked.sheets.options.clear()  # a made position: the Plot's lists are worked out after it
    far = amap.name(line[6])
    assert clear.why_not(Order(M4, opportunity=far)) is None
    why = smoked.why_not(Order(M4, opportunity=far))
    assert why is not None and "[OP IX.A.5]" in why
    assert smoked.why_not(Order(M4, opportunity=amap.name(line[1]))) is None  # adjacent
    offered = _offered(clear, M4)
    hidden = offered - _offered(smoked, M4)
    assert _offered(smoked, M4) <= offered
    for h in offered:
        assert (h in hidden) == (smoked.why_not(Order(M4, opportunity=h)) is not None)
