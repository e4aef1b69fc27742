"""Weight (srd/war-of-ashes.md § Weight > Weight in Combat): sides' weights in a zone, dice turned
to + at two to one and four to one, read afresh on every roll."""

from __future__ import annotations

import doctest
from itertools import product

import pytest

from fatekit.rules.characters.character import minor_npc, new_character
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.fate_dice import FACES, FateDice, parse_faces
from fatekit.rules.core.randomizers import Drawn, Randomizer
from fatekit.rules.core.waivers import waiving
from fatekit.rules.options import weight
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.options.weight import (
    MAX_WEIGHT,
    Weights,
    check_weight,
    dice_turned,
    side_weights,
    turned_up,
    weight_counts,
)
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(weight).failed == 0


@pytest.mark.rule("weight.two-to-one")
@pytest.mark.parametrize(
    ("own", "other", "turned"),
    [(2, 1, 1), (3, 1, 1), (4, 2, 1), (3, 2, 0), (1, 1, 0), (2, 2, 0), (1, 2, 0), (0, 0, 0),
     (1, 0, 0), (3, 0, 0), (9, 5, 0)],
)  # fmt: skip
def test_two_to_one_turns_one_die_and_a_tie_turns_none(own: int, other: int, turned: int) -> None:
    """War of Ashes § Weight in Combat: at least twice the other side's weight turns one die;
    equal sides (or less than double) roll as usual; a side with no opponent of any weight in
    its zone outweighs no one (the book weighs opponents against each other in a zone)."""
    assert dice_turned(Weights(own, other)) == turned


@pytest.mark.rule("weight.four-to-one")
def test_four_to_one_on_an_attack_turns_two_and_never_more() -> None:
    """Deliah against five guards: five to one is four to one, and no more than two dice turn."""
    assert dice_turned(Weights(own=5, other=1, target=1)) == 2
    assert dice_turned(Weights(own=40, other=1, target=1)) == 2  # no third die, however heavy
    assert dice_turned(Weights(own=4, other=1, target=1)) == 2  # exactly four to one
    assert dice_turned(Weights(own=3, other=1, target=1)) == 1  # two to one only
    # Not attacking (a defence): four to one turns just the one die.
    assert dice_turned(Weights(own=5, other=1)) == 1
    # A side that does not outweigh the zone two to one turns nothing, however light its target.
    assert dice_turned(Weights(own=4, other=3, target=1)) == 0


@pytest.mark.rule("weight.sides")
def test_a_sides_weight_is_the_sum_of_its_fighters_in_the_zone() -> None:
    counted = [("guards", 1), ("deliah", 1), ("guards", 1), ("troll", 4)]
    assert side_weights(counted, "guards") == Weights(2, 5)
    assert side_weights(counted, "troll", target=1) == Weights(4, 3, 1)
    assert check_weight(0) == 0 and check_weight(MAX_WEIGHT) == MAX_WEIGHT
    for bad in (-1, MAX_WEIGHT + 1, True, "2"):
        with pytest.raises(BadInput, match="weight"):
            check_weight(bad)
    with pytest.raises(BadInput):
        Weights(-1, 0)


@pytest.mark.rule("weight.turned-dice")
def test_the_lowest_faces_turn_to_plus() -> None:
    """The book's two rolls: the guards' [00-+] becomes [00++], and [0-+-] with two dice [0+++]."""
    assert turned_up(parse_faces("00-+"), 1).symbols() == "00++"
    assert turned_up(parse_faces("0-+-"), 2).symbols() == "0+++"
    assert turned_up(parse_faces("++++"), 2).symbols() == "++++"  # a + turned stays +
    assert turned_up(parse_faces("0000"), 1).total == 1
    assert turned_up(parse_faces("-0-0"), 0).symbols() == "-0-0"
    # Turning the lowest is the best a roller can do: no other choice of dice gives more.
    for faces in product(FACES, repeat=4):
        for count in (1, 2):
            best = max(
                sum(1 if i in chosen else f for i, f in enumerate(faces))
                for chosen in product(range(4), repeat=count)
            )
            assert turned_up(FateDice.of(faces), count).total == best


@pytest.mark.rule("weight.turned-dice")
def test_cards_and_4d6_turn_their_faces_and_3d6_and_d6_d6_their_best_face() -> None:
    card = Drawn(Randomizer.DECK_OF_FATE, (0, 0, -1, 1))
    assert turned_up(card, 1).symbols() == "00++"
    four = Drawn(Randomizer.FOUR_D6, (3, 1, 5, 2))  # reads 0 - + -
    assert turned_up(four, 2).symbols() == "0+++"
    # fatekit's equivalent for dice with no Fate faces: a six-sided die to its best face.
    three = Drawn(Randomizer.THREE_D6, (4, 1, 3))  # 8: -1
    assert turned_up(three, 1) == Drawn(Randomizer.THREE_D6, (4, 6, 3))  # 13: +1
    assert turned_up(three, 2) == Drawn(Randomizer.THREE_D6, (4, 6, 6))  # 16: +2
    assert turned_up(three, 2).total == 2
    two = Drawn(Randomizer.D6_MINUS_D6, (4, 5))  # -1: the minus die gains more (4 against 2)
    assert turned_up(two, 1) == Drawn(Randomizer.D6_MINUS_D6, (4, 1))
    assert turned_up(two, 2) == Drawn(Randomizer.D6_MINUS_D6, (6, 1))
    assert turned_up(Drawn(Randomizer.D6_MINUS_D6, (2, 3)), 1).total == 6 - 3  # a tie: plus die
    assert turned_up(Drawn(Randomizer.THREE_D6, (1, 2, 3)), 0).total == -2  # nothing turned
    with pytest.raises(BadInput):
        turned_up(parse_faces("0000"), 5)


@pytest.mark.rule("weight.when")
def test_always_on_attack_and_defence_and_on_the_rest_when_the_gm_allows() -> None:
    """Rolf's wall falls unaided (no weight); his battle cry counts it when the GM says so."""
    assert weight_counts(Action.ATTACK, claimed=False)
    assert weight_counts(Action.DEFEND, claimed=False)
    assert not weight_counts(Action.CREATE_ADVANTAGE, claimed=False)
    with pytest.raises(IllegalAction) as refused:
        weight_counts(Action.CREATE_ADVANTAGE, claimed=True)
    assert refused.value.waivable and refused.value.rule.key == "weight.when"
    with waiving({"weight.when"}) as waived:
        assert weight_counts(Action.OVERCOME, claimed=True)
    assert waived.used == {"weight.when"}


def _fight(*options: OptionalRule, guards: int = 2) -> Conflict:
    deliah = new_character(
        "condensed",
        "deliah",
        "Deliah",
        high_concept="Sellsword",
        trouble="Wanted",
        skills={"fight": 3, "athletics": 2},
    )
    people = [deliah]
    for n in range(guards):
        people.append(
            minor_npc("condensed", f"guard{n}", f"Guard {n}", ["City Guard"], {"fight": 1})
        )
    game = Game(people, ruleset=Ruleset.of("condensed", options))
    game.start_scene("gate", [p.id for p in people])
    zones = ZoneMap()
    zones.add_zone("gate")
    zones.add_zone("road")
    zones.connect("gate", "road")
    for person in people:
        zones.place(person.id, "gate")
    assert game.scene is not None
    game.scene.zones = zones
    sides = {"pc": ["deliah"], "guards": [p.id for p in people[1:]]}
    return Conflict(game, sides, first="deliah")


@pytest.mark.rule("weight.sides", "weight.two-to-one", "weight.each-roll")
def test_weights_are_read_again_once_a_guard_is_out() -> None:
    """Two guards outweigh Deliah two to one; with one taken out, the other rolls as usual."""
    conflict = _fight(OptionalRule.WEIGHT)
    found = conflict.outweighs("guard0", Action.ATTACK, target="deliah")
    assert found is not None and found.turned == 1 and found.weights == Weights(2, 1, 1)
    assert conflict.outweighs("deliah", Action.DEFEND) is None
    conflict.hits.take_out_of_fight("guard1")
    assert conflict.outweighs("guard0", Action.ATTACK, target="deliah") is None


@pytest.mark.rule("weight.four-to-one", "weight.each-roll")
def test_reinforcements_outweigh_her_five_to_one() -> None:
    conflict = _fight(OptionalRule.WEIGHT, guards=5)
    found = conflict.outweighs("guard3", Action.ATTACK, target="deliah")
    assert found is not None and found.turned == 2 and found.weights == Weights(5, 1, 1)
    # Moved to the next zone, a guard counts there, not at the gate.
    assert conflict.roster.scene.zones is not None
    conflict.roster.scene.zones.place("guard4", "road")
    found = conflict.outweighs("guard3", Action.ATTACK, target="deliah")
    assert found is not None and found.weights == Weights(4, 1, 1)
    # Alone on the road, he has no opponent in his zone to outweigh.
    assert conflict.outweighs("guard4", Action.ATTACK, target="deliah") is None


@pytest.mark.rule("weight.sides")
def test_no_weight_without_the_option_and_a_sheets_weight_counts() -> None:
    assert _fight().outweighs("guard0", Action.ATTACK, target="deliah") is None
    conflict = _fight(OptionalRule.WEIGHT, guards=1)
    assert conflict.outweighs("guard0", Action.ATTACK, target="deliah") is None
    conflict.roster.fighters["guard0"].character.weight = 4  # a troll, say
    found = conflict.outweighs("guard0", Action.ATTACK, target="deliah")
    assert found is not None and found.turned == 2


# -- exact odds ----------------------------------------------------------------------------------


def _brute(turned: int) -> dict[int, int]:
    """Independently of the engine: every way four Fate dice land, the lowest ``turned`` raised."""
    found: dict[int, int] = {}
    for faces in product((-1, 0, 1), repeat=4):
        raised = sorted(faces)
        raised[:turned] = [1] * turned
        found[sum(raised)] = found.get(sum(raised), 0) + 1
    return dict(sorted(found.items()))


@pytest.mark.rule("weight.turned-dice", "weight.two-to-one", "weight.four-to-one")
@pytest.mark.parametrize("way", [Randomizer.FATE_DICE, Randomizer.DECK_OF_FATE, Randomizer.FOUR_D6])
@pytest.mark.parametrize("turned", [0, 1, 2])
def test_exact_odds_with_dice_turned_match_brute_force(way: Randomizer, turned: int) -> None:
    from fractions import Fraction

    from fatekit.odds.exact import chances, dice_distribution, turned_counts

    assert turned_counts(way, turned) == _brute(turned)
    assert sum(turned_counts(way, turned).values()) == 81
    mine = {t: Fraction(n, 81) for t, n in _brute(turned).items()}
    assert dice_distribution(False, way, None, turned) == mine
    # Against an active opposition that turns one die: the difference of two such draws.
    theirs = _brute(1)
    both: dict[int, Fraction] = {}
    for a, n in _brute(turned).items():
        for b, m in theirs.items():
            both[a - b] = both.get(a - b, Fraction(0)) + Fraction(n * m, 81 * 81)
    assert dice_distribution(True, way, way, turned, 1) == dict(sorted(both.items()))
    # Fair (+2) against Good (+3): the chance to succeed, counted by hand.
    hand = sum((Fraction(n, 81) for t, n in _brute(turned).items() if 2 + t - 3 >= 1), Fraction(0))
    assert chances(2, 3, randomizer=way, turned=turned).at_least("success") == hand


@pytest.mark.rule("weight.turned-dice")
@pytest.mark.parametrize("turned", [1, 2])
def test_exact_odds_for_3d6_and_d6_d6_with_dice_turned_match_brute_force(turned: int) -> None:
    from fatekit.odds.exact import turned_counts

    three: dict[int, int] = {}
    table = {3: -4, 4: -3, 5: -2, 6: -2, 7: -1, 8: -1, 13: 1, 14: 1, 15: 2, 16: 2, 17: 3, 18: 4}
    for dice in product(range(1, 7), repeat=3):
        raised = sorted(dice)
        raised[:turned] = [6] * turned
        total = table.get(sum(raised), 0)
        three[total] = three.get(total, 0) + 1
    assert turned_counts(Randomizer.THREE_D6, turned) == dict(sorted(three.items()))
    two: dict[int, int] = {}
    for plus, minus in product(range(1, 7), repeat=2):
        # One turn: the plus die to 6 or the minus die to 1, whichever gives more; two: both.
        best = max(6 - minus, plus - 1) if turned == 1 else 6 - 1
        two[best] = two.get(best, 0) + 1
    assert turned_counts(Randomizer.D6_MINUS_D6, turned) == dict(sorted(two.items()))


@pytest.mark.rule("weight.each-roll", "weight.turned-dice")
def test_the_advice_on_a_reroll_counts_the_die_weight_turns_again() -> None:
    from fractions import Fraction

    from fatekit.odds.invokes import Choice, advise

    # Fair (+2) against Great (+4), the dice showing -2 (one die already turned): a success
    # needs the dice to give +3. One invoke left, spent on a reroll that turns one die again.
    advice = advise(2, 4, parse_faces("--0+"), invokes=1, target="success", turned=1)
    brute = _brute(1)
    hand = Fraction(sum(n for t, n in brute.items() if 2 + t - 4 >= 1), 81)
    assert advice.chances[Choice.REROLL] == hand
    plain = advise(2, 4, parse_faces("--0+"), invokes=1, target="success")
    assert plain.chances[Choice.REROLL] < hand
