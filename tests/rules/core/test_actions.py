"""The four actions and every outcome's effects, as data (fate-condensed.ru.md § Actions;
fate-condensed-actions.it.md § Azioni)."""

from __future__ import annotations

import pytest

from fatekit.rules import (
    Action,
    AddFreeInvokes,
    AdvantageTarget,
    Chooser,
    CreateAspect,
    Fail,
    GainBoost,
    Hit,
    MajorCost,
    MinorCost,
    Outcome,
    PartialSuccess,
    RevealAspect,
    Side,
    Succeed,
    TakeHit,
    resolve,
)


def effects(action: Action, shifts: int, **kwargs: object) -> dict[str, tuple[object, ...]]:
    resolution = resolve(action, shifts, **kwargs)  # type: ignore[arg-type]
    return {o.key: o.effects for o in resolution.options}


@pytest.mark.rule("action.overcome")
class TestOvercome:
    def test_fail_is_failure_or_success_at_a_major_cost(self) -> None:
        resolution = resolve(Action.OVERCOME, -1)
        assert resolution.outcome is Outcome.FAIL
        assert resolution.chosen_by is Chooser.GM
        assert effects(Action.OVERCOME, -2) == {
            "fail": (Fail(),),
            "success_at_major_cost": (Succeed(), MajorCost()),
            "fail_taking_a_hit": (Fail(), TakeHit()),
            "success_taking_a_hit": (Succeed(), TakeHit()),
        }

    def test_tie_is_success_at_a_minor_cost_or_failure_with_a_boost(self) -> None:
        assert effects(Action.OVERCOME, 0) == {
            "success_at_minor_cost": (Succeed(), MinorCost()),
            "success_boost_to_opposition": (Succeed(), GainBoost(Side.OPPOSITION)),
            "partial_success": (PartialSuccess(),),
            "fail_with_boost": (Fail(), GainBoost(Side.ACTOR)),
        }

    def test_success(self) -> None:
        resolution = resolve(Action.OVERCOME, 2)
        assert resolution.only is not None and resolution.only.effects == (Succeed(),)
        assert resolution.chosen_by is Chooser.NONE

    def test_success_with_style_adds_a_boost(self) -> None:
        assert effects(Action.OVERCOME, 3) == {
            "success_with_style": (Succeed(), GainBoost(Side.ACTOR))
        }


@pytest.mark.rule("action.create-advantage.new")
class TestCreateAdvantageNew:
    def test_fail_gives_nothing_or_the_aspect_with_the_invoke_to_the_opposition(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, -1) == {
            "fail": (Fail(),),
            "success_at_cost": (CreateAspect(1, Side.OPPOSITION),),
        }

    def test_tie_gives_a_boost_instead(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, 0) == {"boost": (GainBoost(Side.ACTOR),)}

    def test_success_one_free_invoke_style_two(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, 1) == {"aspect": (CreateAspect(1, Side.ACTOR),)}
        assert effects(Action.CREATE_ADVANTAGE, 4) == {"aspect": (CreateAspect(2, Side.ACTOR),)}


@pytest.mark.rule("action.create-advantage.existing")
class TestCreateAdvantageExisting:
    known = AdvantageTarget.KNOWN
    unknown = AdvantageTarget.UNKNOWN

    def test_fail_on_a_known_aspect_gives_the_enemy_a_free_invoke(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, -1, target=self.known) == {
            "invoke_to_opposition": (AddFreeInvokes(1, Side.OPPOSITION),)
        }

    def test_fail_on_an_unknown_aspect_lets_the_enemy_reveal_it_for_an_invoke(self) -> None:
        resolution = resolve(Action.CREATE_ADVANTAGE, -1, target=self.unknown)
        assert resolution.chosen_by is Chooser.OPPOSITION
        assert {o.key: o.effects for o in resolution.options} == {
            "fail": (Fail(),),
            "reveal_for_invoke": (RevealAspect(), AddFreeInvokes(1, Side.OPPOSITION)),
        }

    def test_tie_known_gives_a_free_invoke_unknown_a_boost_and_stays_hidden(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, 0, target=self.known) == {
            "free_invoke": (AddFreeInvokes(1, Side.ACTOR),)
        }
        assert effects(Action.CREATE_ADVANTAGE, 0, target=self.unknown) == {
            "boost": (GainBoost(Side.ACTOR),)
        }

    def test_success_reveals_and_gives_one_invoke_style_two(self) -> None:
        assert effects(Action.CREATE_ADVANTAGE, 2, target=self.unknown) == {
            "free_invokes": (RevealAspect(), AddFreeInvokes(1, Side.ACTOR))
        }
        assert effects(Action.CREATE_ADVANTAGE, 3, target=self.unknown) == {
            "free_invokes": (RevealAspect(), AddFreeInvokes(2, Side.ACTOR))
        }
        assert effects(Action.CREATE_ADVANTAGE, 1, target=self.known) == {
            "free_invokes": (AddFreeInvokes(1, Side.ACTOR),)
        }
        assert effects(Action.CREATE_ADVANTAGE, 5, target=self.known) == {
            "free_invokes": (AddFreeInvokes(2, Side.ACTOR),)
        }


@pytest.mark.rule("action.attack")
class TestAttack:
    def test_fail_no_hit_tie_boost(self) -> None:
        assert effects(Action.ATTACK, -3) == {"miss": (Fail(),)}
        assert effects(Action.ATTACK, 0) == {"boost": (GainBoost(Side.ACTOR),)}

    def test_success_hits_for_the_shifts(self) -> None:
        assert effects(Action.ATTACK, 2) == {"hit": (Hit(2),)}

    def test_style_may_trade_a_shift_for_a_boost(self) -> None:
        resolution = resolve(Action.ATTACK, 5)
        assert resolution.chosen_by is Chooser.ACTOR
        assert {o.key: o.effects for o in resolution.options} == {
            "hit": (Hit(5),),
            "hit_less_one_with_boost": (Hit(4), GainBoost(Side.ACTOR)),
        }


@pytest.mark.rule("action.defend")
class TestDefend:
    def test_defender_with_style_gets_a_boost_on_top(self) -> None:
        assert effects(Action.ATTACK, -3, active_opposition=True) == {
            "miss": (Fail(), GainBoost(Side.OPPOSITION))
        }
        overcome = effects(Action.OVERCOME, -4, active_opposition=True)
        assert all(GainBoost(Side.OPPOSITION) in e for e in overcome.values())

    def test_plain_defence_success_denies_without_a_boost(self) -> None:
        assert effects(Action.ATTACK, -2, active_opposition=True) == {"miss": (Fail(),)}

    def test_a_tie_follows_the_opposed_action(self) -> None:
        assert effects(Action.ATTACK, 0, active_opposition=True) == {
            "boost": (GainBoost(Side.ACTOR),)
        }

    def test_passive_difficulty_never_gets_a_boost(self) -> None:
        assert effects(Action.ATTACK, -5) == {"miss": (Fail(),)}

    def test_defend_is_resolved_through_the_opposed_action(self) -> None:
        with pytest.raises(ValueError, match="defended against"):
            resolve(Action.DEFEND, 1)


def test_option_lookup_names_valid_keys() -> None:
    resolution = resolve(Action.ATTACK, 3)
    assert resolution.option("hit").effects == (Hit(3),)
    with pytest.raises(KeyError, match="hit, hit_less_one_with_boost"):
        resolution.option("kill")
