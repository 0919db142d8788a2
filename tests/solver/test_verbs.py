"""Verbs carried out as the card text says, read by the effect compiler from crafted texts:
the outcome (cards moved, memory, DP) is asserted, and nothing is reported unsupported."""

from __future__ import annotations

from typing import Any

import pytest

from kg.solver.simulate import load_scenario, simulate
from tests.solver.helpers import ontology_store
from tests.solver.test_unsupported import card, scenario


@pytest.fixture(scope="module")
def store() -> Any:
    return ontology_store()


def played(store: Any, text: str, **extra: Any) -> dict[str, Any]:
    """Play T-X (whose [On Play] is ``text``) from A's hand; return the report."""
    cards = {"T-X": card(f"[On Play] {text}", cost=0), **extra.pop("cards", {})}
    report = simulate(store, load_scenario(scenario(cards, [{"play": {"card": "T-X"}}],
                                                    hand=["T-X", *extra.pop("hand", [])], **extra)))
    assert report["unsupported"] == [], report["unsupported"]
    return report


def test_for_each_multiplies_by_what_is_counted_when_it_resolves(store: Any) -> None:
    tamers = [{"id": f"t{i}", "stack": ["T-TAMER"]} for i in range(2)]
    report = played(store, "For each of your Tamers, gain 1 memory.",
                    cards={"T-TAMER": card("", kind="Tamer", cost=0)}, a=tamers)
    assert report["memory"] == 5 + 2


def test_for_every_n_cards_in_a_zone(store: Any) -> None:
    report = played(store, "Gain 1 memory for every 2 cards in your trash.",
                    A={"trash": ["T-VICTIM"] * 5})
    assert report["memory"] == 5 + 2


def test_trash_the_top_cards_of_the_deck(store: Any) -> None:
    report = played(store, "Trash the top 2 cards of your deck.", A={"deck": ["T-VICTIM", "T-X2", "T-X3"]},
                    cards={"T-X2": card(""), "T-X3": card("")})
    assert report["final"]["A"]["trash"] == ["T-VICTIM", "T-X2"] and report["final"]["A"]["deck"] == 1


def test_add_the_top_and_the_bottom_security_card_to_the_hand(store: Any) -> None:
    sec = {"security": ["T-S1", "T-S2", "T-S3"]}
    cards = {"T-S1": card(""), "T-S2": card(""), "T-S3": card("")}
    top = played(store, "Add your top security card to the hand.", A=sec, cards=cards)
    assert top["final"]["A"]["hand"] == ["T-S1"] and top["final"]["A"]["security"] == 2
    bottom = played(store, "Add your bottom security card to the hand.", A=sec, cards=cards)
    assert bottom["final"]["A"]["hand"] == ["T-S3"]


def test_trash_digivolution_cards_from_the_top_and_the_bottom(store: Any) -> None:
    stack = {"id": "big", "stack": ["T-B1", "T-B2", "T-B3", "T-BIG"], "suspended": True}
    cards = {"T-B1": card(""), "T-B2": card(""), "T-B3": card(""), "T-BIG": card("", dp=9000)}
    top = played(store, "Trash the top 2 digivolution cards of 1 of your opponent's Digimon.",
                 b=[stack], cards=cards)
    assert top["final"]["B"]["battle_area"][0]["stack"] == ["T-B1", "T-BIG"]
    assert top["final"]["B"]["trash"] == ["T-B2", "T-B3"]
    bottom = played(store, "Trash 2 digivolution cards from the bottom of 1 of your opponent's Digimon.",
                    b=[stack], cards=cards)
    assert bottom["final"]["B"]["battle_area"][0]["stack"] == ["T-B3", "T-BIG"]
    every = played(store, "Trash all digivolution cards of all of your opponent's Digimon.", b=[stack],
                   cards=cards)
    assert every["final"]["B"]["battle_area"][0]["stack"] == ["T-BIG"]


def test_reveal_then_trash_the_rest(store: Any) -> None:
    report = played(store, "Reveal the top 3 cards of your deck. Add 1 Tamer card among them to the hand. "
                    "Trash the rest.", A={"deck": ["T-S1", "T-TAMER", "T-S2", "T-S3"]},
                    cards={"T-S1": card(""), "T-S2": card(""), "T-S3": card(""),
                           "T-TAMER": card("", kind="Tamer")})
    assert report["final"]["A"]["hand"] == ["T-TAMER"]
    assert report["final"]["A"]["trash"] == ["T-S1", "T-S2"] and report["final"]["A"]["deck"] == 1


def test_that_digimon_is_the_one_the_earlier_action_chose(store: Any) -> None:
    two = [{"id": "first", "stack": ["T-VICTIM"]}, {"id": "second", "stack": ["T-VICTIM"]}]
    data = scenario({"T-X": card("[On Play] Suspend 1 of your opponent's Digimon. Then, that Digimon gets "
                                 "-2000 DP for the turn.", cost=0)},
                    [{"play": {"card": "T-X"}}], hand=["T-X"], b=two)
    data["decisions"] = {"targets": {"T-X/T-X/OnPlay": ["second"]}}
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # 'second' is suspended and loses 2000 DP: 0 DP, deleted by the rule check; 'first' is untouched
    assert report["deleted"] == ["second"]
    assert [(s["id"], s["suspended"]) for s in report["final"]["B"]["battle_area"]] == [("first", False)]


def test_play_a_card_by_an_effect_from_the_hand_the_trash_or_the_revealed_cards(store: Any) -> None:
    cards = {"T-AGU": card("[On Play] Gain 1 memory.", name="Agumon", cost=3)}
    from_hand = played(store, "Play 1 [Agumon] from your hand without paying the cost.", hand=["T-AGU"],
                       cards=cards)
    assert [s["id"] for s in from_hand["final"]["A"]["battle_area"]] == ["T-X", "T-AGU"]
    assert from_hand["memory"] == 5 + 1  # free, and Agumon's [On Play] triggered
    assert [e["label"] for e in from_hand["effects"]] == ["T-X/T-X/OnPlay", "T-AGU/T-AGU/OnPlay"]
    from_trash = played(store, "You may play 1 [Agumon] from your trash.", A={"trash": ["T-AGU"]},
                        cards=cards)
    assert from_trash["final"]["A"]["trash"] == [] and from_trash["memory"] == 5 - 3 + 1
    none = played(store, "Play 1 [Agumon] from your trash without paying the cost.", cards=cards)
    assert [s["id"] for s in none["final"]["A"]["battle_area"]] == ["T-X"]
    reduced = played(store, "Play 1 [Agumon] from your hand with the play cost reduced by 2.",
                     hand=["T-AGU"], cards=cards)
    assert reduced["unsupported"] == [] and reduced["memory"] == 5 - 1 + 1


def test_security_digimon_dp_changes_reach_the_security_digimon_only(store: Any) -> None:
    minus = card("[Main] Your opponent's Security Digimon get -3000 DP for the turn.", kind="Option", cost=0)
    data = scenario({"T-MINUS": minus, "T-ATT": card("", dp=3000), "T-SEC": card("", dp=5000),
                     "T-BYSTANDER": card("", dp=4000)},
                    [{"use": {"card": "T-MINUS"}}, {"attack": {"attacker": "att", "target": "player"}}],
                    a=[{"id": "att", "stack": ["T-ATT"]}], hand=["T-MINUS"],
                    b=[{"id": "bystander", "stack": ["T-BYSTANDER"]}], B={"security": ["T-SEC"]})
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # 5000 - 3000 = 2000 < 3000: the attacker survives the Security Digimon battle
    assert report["deleted"] == [] and report["security_checks"]["A"] == 1
    assert report["final"]["B"]["battle_area"][0]["dp"] == 4000  # the Digimon in play is not reached
    assert any("battles Security Digimon T-SEC (2000 DP)" in line for line in report["log"])


def test_activate_this_cards_main_effect_from_security(store: Any) -> None:
    option = {"name": "Opt", "kind": "Option", "level": None, "dp": None, "play_cost": 2,
              "effect": "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.",
              "security": "[Security] Activate this card's [Main] effect."}
    data = scenario({"T-OPT": option, "T-ATT": card("", dp=6000)},
                    [{"attack": {"attacker": "att", "target": "player"}}],
                    a=[{"id": "att", "stack": ["T-ATT"]}, {"id": "small", "stack": ["T-VICTIM"]}],
                    b=[{"id": "big", "stack": ["T-ATT"]}], B={"security": ["T-OPT"]})
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # the Option's [Main] is B's: it deletes A's 2000 DP Digimon, not B's own
    assert report["deleted"] == ["small"]
    statuses = {e["label"]: e["status"] for e in report["effects"]}
    assert statuses == {"B/T-OPT/Security": "activated", "B/T-OPT/Main": "activated"}
    assert report["final"]["B"]["trash"] == ["T-OPT"]


def test_a_cost_that_cannot_be_paid_stops_the_effect(store: Any) -> None:
    text = "[Main] By trashing 1 card in your hand, delete 1 of your opponent's Digimon."
    cards = {"T-OPT": card(text, kind="Option", cost=0)}
    use = [{"use": {"card": "T-OPT"}}]
    paid = simulate(store, load_scenario(scenario(cards, use, hand=["T-OPT", "T-VICTIM"])))
    assert paid["unsupported"] == [] and paid["deleted"] == ["victim"]
    assert paid["final"]["A"]["trash"] == ["T-VICTIM", "T-OPT"]
    unpaid = simulate(store, load_scenario(scenario(cards, [{"use": {"card": "T-OPT"}}], hand=["T-OPT"])))
    assert unpaid["unsupported"] == [] and unpaid["deleted"] == []
    assert any("its cost cannot be paid" in line for line in unpaid["log"])


def test_suspending_an_already_suspended_tamer_pays_nothing(store: Any) -> None:
    tamer = card("[Main] By suspending this Tamer, gain 2 memory.", kind="Tamer", cost=0)
    ready = scenario({"T-TAM": tamer}, [{"activate": {"id": "tam", "card": "T-TAM"}}],
                     a=[{"id": "tam", "stack": ["T-TAM"]}])
    report = simulate(store, load_scenario(ready))
    assert report["unsupported"] == [] and report["memory"] == 7
    tired = scenario({"T-TAM": tamer}, [{"activate": {"id": "tam", "card": "T-TAM"}}],
                     a=[{"id": "tam", "stack": ["T-TAM"], "suspended": True}])
    assert simulate(store, load_scenario(tired))["memory"] == 5


def test_a_condition_on_this_digimons_digivolution_cards(store: Any) -> None:
    text = "[When Attacking] If [Greymon] is in this Digimon's digivolution cards, gain 2 memory."
    cards = {"T-MG": card(text, dp=7000), "T-GREY": card("", name="Greymon"),
             "T-AGU": card("", name="Agumon")}
    def attack(stack: list[str]) -> dict[str, Any]:
        data = scenario(cards, [{"attack": {"attacker": "mg", "target": "victim"}}],
                        a=[{"id": "mg", "stack": stack}])
        return simulate(store, load_scenario(data))
    yes, no = attack(["T-GREY", "T-MG"]), attack(["T-AGU", "T-MG"])
    assert yes["unsupported"] == no["unsupported"] == []
    assert (yes["memory"], no["memory"]) == (7, 5)


def test_cant_unsuspend_keeps_a_digimon_suspended_through_the_unsuspend_phase(store: Any) -> None:
    text = ("[On Play] 1 of your opponent's Digimon can't unsuspend until the end of your opponent's turn.")
    data = scenario({"T-X": card(text, cost=0)}, [{"play": {"card": "T-X"}}, {"end_turn": {}}], hand=["T-X"])
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    assert report["final"]["B"]["battle_area"][0]["suspended"] is True
    assert any("victim can't unsuspend" in line for line in report["log"])


def test_a_card_with_a_keyword_among_the_revealed_cards(store: Any) -> None:
    cards = {"T-PLAIN": card("", name="Plain"), "T-BLOCK": card("<Blocker>", name="Wall")}
    report = played(store, "Reveal the top 2 cards of your deck. Add 1 Digimon card with <Blocker> among "
                    "them to your hand. Place the rest at the bottom of the deck.",
                    A={"deck": ["T-PLAIN", "T-BLOCK"]}, cards=cards)
    assert report["final"]["A"]["hand"] == ["T-BLOCK"]


def test_an_option_that_places_itself_stays_in_the_battle_area(store: Any) -> None:
    text = ("[Main] Reveal the top 2 cards of your deck. Add 1 Tamer card among them to the hand. Place the "
            "rest at the bottom of the deck. Then, place this card in the battle area.")
    cards = {"T-OPT": card(text, kind="Option", cost=1), "T-TAM": card("", kind="Tamer"), "T-S1": card("")}
    data = scenario(cards, [{"use": {"card": "T-OPT"}}], hand=["T-OPT"], A={"deck": ["T-S1", "T-TAM"]})
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    assert [s["id"] for s in report["final"]["A"]["battle_area"]] == ["T-OPT"]
    assert report["final"]["A"]["trash"] == [] and report["final"]["A"]["hand"] == ["T-TAM"]


def test_switching_the_attack_target_by_an_effect(store: Any) -> None:
    text = "[When Attacking] Switch the attack target to 1 of your opponent's unsuspended Digimon."
    cards = {"T-SW": card(text, dp=6000), "T-BIG": card("", dp=9000)}
    data = scenario(cards, [{"attack": {"attacker": "sw", "target": "player"}}],
                    a=[{"id": "sw", "stack": ["T-SW"]}], b=[{"id": "big", "stack": ["T-BIG"]}])
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # the attack on the player becomes a battle with the 9000 DP Digimon: the attacker loses
    assert report["deleted"] == ["sw"] and report["security_checks"]["A"] == 0
    assert any("the attack target becomes big" in line for line in report["log"])


def test_a_while_condition_on_this_digimons_digivolution_cards(store: Any) -> None:
    text = "[Your Turn] While [Greymon] is in this Digimon's digivolution cards, this Digimon gets +2000 DP."
    cards = {"T-MG": card(text, dp=1000), "T-GREY": card("", name="Greymon"),
             "T-AGU": card("", name="Agumon")}

    def dp(stack: list[str]) -> int:
        report = simulate(store, load_scenario(scenario(cards, [], a=[{"id": "mg", "stack": stack}])))
        assert report["unsupported"] == []
        return report["final"]["A"]["battle_area"][0]["dp"]
    assert (dp(["T-GREY", "T-MG"]), dp(["T-AGU", "T-MG"])) == (3000, 1000)


# ---------------------------------------------------------------- digivolving by an effect (CR 8-1-3)
RED_3 = [{"level": 3, "color": "Red", "cost": 3}]


def _evo_cards(**greymon: Any) -> dict[str, Any]:
    return {"T-AGU": {**card("", name="Agumon", colors=["Red"]), "level": 3},
            "T-GABU": {**card("", name="Gabumon", colors=["Blue"]), "level": 3},
            "T-GREY": {**card("[When Digivolving] Gain 1 memory.", name="Greymon", dp=5000, colors=["Red"]),
                       "level": 4, "requirements": RED_3, **greymon}}


def _digivolved(store: Any, text: str, *, a: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    stacks = [{"id": "agu", "stack": ["T-AGU"]}] if a is None else a
    return played(store, text, cards={**_evo_cards(), **extra.pop("cards", {})}, a=stacks, **extra)


def test_digivolve_by_an_effect_pays_draws_and_triggers_when_digivolving(store: Any) -> None:
    report = _digivolved(store, "1 of your Digimon may digivolve into [Greymon] in the hand.",
                         hand=["T-GREY"], A={"deck": ["T-AGU", "T-AGU"]})
    assert report["final"]["A"]["battle_area"][0]["stack"] == ["T-AGU", "T-GREY"]
    assert report["final"]["A"]["hand"] == ["T-AGU"] and report["final"]["A"]["deck"] == 1  # draw 1
    assert report["memory"] == 5 - 3 + 1  # the printed cost, then [When Digivolving]
    assert [e["label"] for e in report["effects"]] == ["T-X/T-X/OnPlay", "agu/T-GREY/WhenDigivolving"]


def test_the_digivolution_cost_free_fixed_or_reduced(store: Any) -> None:
    hand, into = {"hand": ["T-GREY"]}, "1 of your Digimon may digivolve into [Greymon] in the hand"
    free = _digivolved(store, f"{into} without paying the cost.", **hand)
    fixed = _digivolved(store, f"{into} for a digivolution cost of 1.", **hand)
    reduced = _digivolved(store, f"{into} with the digivolution cost reduced by 2.", **hand)
    assert (free["memory"], fixed["memory"], reduced["memory"]) == (5 + 1, 5 - 1 + 1, 5 - 1 + 1)


def test_digivolution_requirements_decide_who_can_digivolve_unless_ignored(store: Any) -> None:
    text = "1 of your Digimon may digivolve into [Greymon] in the hand"
    blue = [{"id": "gabu", "stack": ["T-GABU"]}]
    kept = _digivolved(store, f"{text}.", a=blue, hand=["T-GREY"])
    assert kept["final"]["A"]["battle_area"][0]["stack"] == ["T-GABU"]
    assert kept["final"]["A"]["hand"] == ["T-GREY"]
    assert kept["memory"] == 5 and any("nothing can digivolve" in line for line in kept["log"])
    ignoring = _digivolved(store, f"{text} for a digivolution cost of 2, ignoring its digivolution "
                           "requirements.", a=blue, hand=["T-GREY"])
    assert ignoring["final"]["A"]["battle_area"][0]["stack"] == ["T-GABU", "T-GREY"]
    assert ignoring["memory"] == 5 - 2 + 1


def test_digivolve_from_the_trash_or_from_the_hand_or_trash(store: Any) -> None:
    own = "This Digimon may digivolve into [Greymon] in your trash without paying the cost."
    trash = _digivolved(store, own, cards={"T-X": {**card(f"[On Play] {own}", cost=0), "colors": ["Red"],
                                                   "level": 3}},
                        A={"trash": ["T-GREY"]}, a=[])
    assert trash["final"]["A"]["battle_area"][0]["stack"] == ["T-X", "T-GREY"]
    assert trash["final"]["A"]["trash"] == []
    either = _digivolved(store, "1 of your Digimon may digivolve into [Greymon] in the hand or trash without "
                         "paying the cost.", A={"trash": ["T-GREY"]})
    assert either["final"]["A"]["battle_area"][0]["stack"] == ["T-AGU", "T-GREY"]
    assert either["final"]["A"]["trash"] == []


def test_a_requirement_the_solver_cannot_read_is_reported_not_guessed(store: Any) -> None:
    unknown = {"T-GREY": {**card("", name="Greymon"), "level": 4, "digivolve_cost": 3}}
    cards = {"T-X": card("[On Play] 1 of your Digimon may digivolve into [Greymon] in the hand.", cost=0)}
    report = simulate(store, load_scenario(scenario({**_evo_cards(), **unknown, **cards},
                                                    [{"play": {"card": "T-X"}}], hand=["T-X", "T-GREY"],
                                                    a=[{"id": "agu", "stack": ["T-AGU"]}])))
    assert [(u["label"], u["part"]) for u in report["unsupported"]] == [("T-X/T-X/OnPlay", "action")]
    assert "digivolution requirements are not known" in report["unsupported"][0]["why"]
    assert report["final"]["A"]["hand"] == ["T-GREY"] and report["memory"] == 5


def test_cant_digivolve_stops_a_digivolution_by_an_effect(store: Any) -> None:
    stop = card("[On Play] 1 of your Digimon can't digivolve for the turn. Then, 1 of your Digimon may "
                "digivolve into [Greymon] in the hand without paying the cost.", cost=0)
    report = _digivolved(store, "", cards={"T-X": stop}, hand=["T-GREY"])
    assert report["final"]["A"]["battle_area"][0]["stack"] == ["T-AGU"]
    assert any("agu can't digivolve" in line for line in report["log"])


# ------------------------------------------------------------ placing cards under a card (CR 4-4-2, 4-7-8)
def test_place_a_card_from_the_hand_or_trash_as_this_digimons_bottom_digivolution_card(store: Any) -> None:
    text = ("By placing 1 [Agumon] from your hand or trash as this Digimon's bottom digivolution card, "
            "gain 2 memory.")
    cards = {"T-AGU": card("", name="Agumon")}
    paid = played(store, text, A={"trash": ["T-AGU"]}, cards=cards)
    assert paid["final"]["A"]["battle_area"][0]["stack"] == ["T-AGU", "T-X"]
    assert paid["final"]["A"]["trash"] == []
    assert paid["memory"] == 5 + 2
    unpaid = played(store, text, cards=cards)  # nothing to place: the cost is not paid, no memory
    assert unpaid["memory"] == 5 and unpaid["final"]["A"]["battle_area"][0]["stack"] == ["T-X"]


def test_placing_a_digimon_from_the_field_trashes_the_cards_under_it(store: Any) -> None:
    blue = {"T-BLUE": {**card("", name="Blue", colors=["Blue"])}, "T-SRC": card("", name="Source")}
    report = played(store, "By placing another blue Digimon under this Digimon as its bottom digivolution "
                    "card, gain 2 memory.", cards=blue, a=[{"id": "blue", "stack": ["T-SRC", "T-BLUE"]}])
    # QA BT12-027 Q2166: the placed Digimon's digivolution cards are trashed
    assert [s["stack"] for s in report["final"]["A"]["battle_area"]] == [["T-BLUE", "T-X"]]
    assert report["final"]["A"]["trash"] == ["T-SRC"] and report["memory"] == 5 + 2


def test_place_cards_from_the_trash_under_a_tamer_at_the_bottom(store: Any) -> None:
    cards = {"T-TAM": card("", kind="Tamer", name="Tam"), "T-SAVE": card("<Save>", name="Saver"),
             "T-OLD": card("", name="Old")}
    report = played(store, "Place 1 Digimon card with <Save> in its text from your trash under 1 of your "
                    "Tamers.", cards=cards, a=[{"id": "tam", "stack": ["T-OLD", "T-TAM"]}],
                    A={"trash": ["T-VICTIM", "T-SAVE"]})
    assert report["final"]["A"]["battle_area"][0]["stack"] == ["T-SAVE", "T-OLD", "T-TAM"]
    assert report["final"]["A"]["trash"] == ["T-VICTIM"]


def test_play_a_card_from_under_your_tamers(store: Any) -> None:
    cards = {"T-TAM": card("", kind="Tamer", name="Tam"), "T-AGU": card("", name="Agumon", cost=3)}
    report = played(store, "Play 1 [Agumon] from under your Tamers without paying the cost.", cards=cards,
                    a=[{"id": "tam", "stack": ["T-AGU", "T-TAM"]}])
    assert [s["stack"] for s in report["final"]["A"]["battle_area"]] == [["T-TAM"], ["T-X"], ["T-AGU"]]
    assert report["memory"] == 5


def test_trash_any_digivolution_cards_the_player_chooses(store: Any) -> None:
    stack = {"id": "big", "stack": ["T-B1", "T-B2", "T-B3", "T-BIG"]}
    cards = {"T-B1": card(""), "T-B2": card(""), "T-B3": card(""), "T-BIG": card("", dp=9000)}
    text = "Trash any 2 digivolution cards of 1 of your opponent's Digimon."
    default = played(store, text, b=[stack], cards=cards)
    assert default["final"]["B"]["battle_area"][0]["stack"] == ["T-B1", "T-BIG"]  # from the top by default
    assert default["final"]["B"]["trash"] == ["T-B2", "T-B3"]
    one = played(store, "Trash any 1 digivolution card of 1 of your opponent's Digimon.", b=[stack],
                 cards=cards)
    assert one["final"]["B"]["battle_area"][0]["stack"] == ["T-B1", "T-B2", "T-BIG"]


# ---------------------------------------------------------------- attacking by an effect (CR 11-2)
def test_one_of_your_digimon_may_attack_by_an_effect(store: Any) -> None:
    cards = {"T-OPT": card("[Main] 1 of your Digimon may attack.", kind="Option", cost=0),
             "T-ATT": card("", dp=6000), "T-S1": card("")}
    stacks = [{"id": "tired", "stack": ["T-ATT"], "suspended": True}, {"id": "att", "stack": ["T-ATT"]}]
    data = scenario(cards, [{"use": {"card": "T-OPT"}}], a=stacks, hand=["T-OPT"], B={"security": ["T-S1"]})
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # the suspended one cannot declare an attack: 'att' attacks the player and checks 1 card
    assert report["security_checks"]["A"] == 1 and report["final"]["B"]["security"] == 0
    assert [s["suspended"] for s in report["final"]["A"]["battle_area"]] == [True, True]
    assert any("att attacks player" in line for line in report["log"])
    nobody = simulate(store, load_scenario(scenario(cards, [{"use": {"card": "T-OPT"}}], a=stacks[:1],
                                                    hand=["T-OPT"], B={"security": ["T-S1"]})))
    assert nobody["security_checks"]["A"] == 0 and any("no Digimon attacks" in line for line in nobody["log"])


def test_play_from_the_hand_or_this_digimons_digivolution_cards(store: Any) -> None:
    text = ("[All Turns] When this Digimon would leave the battle area, you may play 1 [Agumon] from your "
            "hand or this Digimon's digivolution cards.")
    cards = {"T-AGU": card("", name="Agumon", cost=0), "T-X": card(text, dp=1000)}
    data = scenario(cards, [{"play": {"card": "T-KILL"}}], hand=["T-KILL"],
                    a=[{"id": "x", "stack": ["T-AGU", "T-X"]}], b=[])
    data["cards"]["T-KILL"] = card("[On Play] Delete 1 of your Digimon with 1000 DP or less.", cost=0)
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == [] and report["deleted"] == ["x"]
    assert [s["stack"] for s in report["final"]["A"]["battle_area"]] == [["T-KILL"], ["T-AGU"]]


# ---------------------------------------------------------------- what the effect has done so far (CR 15-6)
def test_if_no_digimon_was_deleted_by_this_effect(store: Any) -> None:
    text = ("Delete 1 of your opponent's Digimon with 3000 DP or less. If no Digimon was deleted by this "
            "effect, gain 2 memory.")
    hit = played(store, text)  # the 2000 DP victim is deleted: no memory
    assert hit["deleted"] == ["victim"] and hit["memory"] == 5
    big = {"id": "big", "stack": ["T-BIG"]}
    miss = played(store, text, b=[big], cards={"T-BIG": card("", dp=9000)})
    assert miss["deleted"] == [] and miss["memory"] == 5 + 2


def test_if_you_do(store: Any) -> None:
    text = "You may trash 1 card in your hand. If you do, gain 3 memory."
    did = played(store, text, hand=["T-VICTIM"])
    assert did["final"]["A"]["trash"] == ["T-VICTIM"] and did["memory"] == 5 + 3
    did_not = played(store, text)  # nothing to trash
    assert did_not["memory"] == 5


# ---------------------------------------------------------- cards trashed from the hand or deck (CR 4-16)
def test_trashing_from_the_hand_triggers_watchers_and_the_card_itself(store: Any) -> None:
    watcher = card("[Your Turn] When one of your effects trashes a card in your hand, gain 1 memory.")
    itself = card("When you trash this card in your hand using one of your effects, gain 2 memory.",
                  name="Self")
    report = played(store, "Trash 1 card in your hand.", hand=["T-SELF"],
                    cards={"T-W": watcher, "T-SELF": itself}, a=[{"id": "w", "stack": ["T-W"]}])
    assert report["final"]["A"]["trash"] == ["T-SELF"]
    assert report["memory"] == 5 + 1 + 2  # CR 4-16-2: the card's own effect activates from the trash
    assert {e["label"]: e["status"] for e in report["effects"]} == {
        "T-X/T-X/OnPlay": "activated", "w/T-W/YourTurn": "activated", "A/T-SELF/Text": "activated"}


def test_trashing_cards_from_the_deck_triggers_once(store: Any) -> None:
    watcher = card("[Your Turn] When a card is trashed from your deck, gain 1 memory.")
    report = played(store, "Trash the top 2 cards of your deck.", cards={"T-W": watcher},
                    a=[{"id": "w", "stack": ["T-W"]}], A={"deck": ["T-VICTIM", "T-VICTIM", "T-VICTIM"]})
    assert report["final"]["A"]["trash"] == ["T-VICTIM", "T-VICTIM"] and report["memory"] == 5 + 1


def test_ending_the_attack_skips_to_the_end_of_attack(store: Any) -> None:
    stopper = card("[Opponent's Turn] When one of your opponent's Digimon attacks, end that attack.")
    ender = card("[End of Attack] Gain 2 memory.", dp=6000)
    data = scenario({"T-STOP": stopper, "T-ATT": ender, "T-S1": card("")},
                    [{"attack": {"attacker": "att", "target": "player"}}],
                    a=[{"id": "att", "stack": ["T-ATT"]}], b=[{"id": "stop", "stack": ["T-STOP"]}],
                    B={"security": ["T-S1"]})
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    # no security check; the attacker stays suspended; its [End of Attack] still activates
    assert report["security_checks"]["A"] == 0 and report["final"]["B"]["security"] == 1
    assert report["final"]["A"]["battle_area"][0]["suspended"] is True and report["memory"] == 5 + 2
    assert any("att's attack on player ends" in line for line in report["log"])


def test_would_digivolve_reduces_the_cost_of_a_digivolution_by_an_effect_or_by_the_player(store: Any) -> None:
    cheaper = {**card("[Your Turn] When this Digimon would digivolve, reduce the digivolution cost by 1.",
                      name="Agumon", colors=["Red"]), "level": 3}
    by_effect = _digivolved(store, "1 of your Digimon may digivolve into [Greymon] in the hand.",
                            hand=["T-GREY"], cards={"T-AGU": cheaper})
    assert by_effect["final"]["A"]["battle_area"][0]["stack"] == ["T-AGU", "T-GREY"]
    assert by_effect["memory"] == 5 - (3 - 1) + 1
    assert by_effect["unsupported"] == []
    data = scenario({**_evo_cards(), "T-AGU": cheaper}, [{"digivolve": {"id": "agu", "card": "T-GREY"}}],
                    a=[{"id": "agu", "stack": ["T-AGU"]}], hand=["T-GREY"])
    data["cards"]["T-GREY"]["digivolve_cost"] = 3
    by_player = simulate(store, load_scenario(data))
    assert by_player["unsupported"] == [] and by_player["memory"] == 5 - (3 - 1) + 1


def test_a_cost_reduction_outside_a_would_digivolve_effect_is_not_carried_out(store: Any) -> None:
    text = ("[Your Turn] When one of your Digimon digivolves, by suspending this Tamer, reduce the "
            "digivolution cost by 1.")
    data = scenario({**_evo_cards(), "T-TAM": card(text, kind="Tamer")},
                    [{"digivolve": {"id": "agu", "card": "T-GREY"}}], hand=["T-GREY"],
                    a=[{"id": "tam", "stack": ["T-TAM"]}, {"id": "agu", "stack": ["T-AGU"]}])
    report = simulate(store, load_scenario(data))
    assert [u["why"] for u in report["unsupported"]] == [
        "a cost reduced outside an effect answering 'WouldDigivolve'"]
    assert report["final"]["A"]["battle_area"][0]["suspended"] is False  # its cost was not paid on a guess


def test_that_digimon_may_attack_is_the_one_the_effect_chose(store: Any) -> None:
    text = "[Main] 1 of your Digimon gains <Raid> for the turn. Then, that Digimon may attack."
    cards = {"T-OPT": card(text, kind="Option", cost=0), "T-ATT": card("", dp=6000)}
    stacks = [{"id": "tired", "stack": ["T-ATT"], "suspended": True}, {"id": "fresh", "stack": ["T-ATT"]}]
    report = simulate(store, load_scenario(scenario(cards, [{"use": {"card": "T-OPT"}}], a=stacks,
                                                    hand=["T-OPT"])))
    assert report["unsupported"] == []
    # <Raid> went to the first, suspended one: 'that Digimon' cannot attack, the other does not either
    assert report["security_checks"]["A"] == 0
    assert any("tired does not attack" in line for line in report["log"])


# ---------------------------------------------------------------- memory (CR 4-1-4)
def test_your_opponent_loses_memory(store: Any) -> None:
    assert played(store, "Your opponent loses 2 memory.")["memory"] == 5 + 2
    assert played(store, "Lose 2 memory.")["memory"] == 5 - 2


def test_cant_gain_memory_other_than_by_tamer_effects(store: Any) -> None:
    lock = card("[All Turns] Your opponent can't gain memory other than by Tamer effects.")
    b = [{"id": "lock", "stack": ["T-LOCK"]}]
    blocked = played(store, "Gain 2 memory.", b=b, cards={"T-LOCK": lock})
    assert blocked["memory"] == 5 and any("can't gain memory" in line for line in blocked["log"])
    tamer = card("[On Play] Gain 2 memory.", kind="Tamer", cost=0)
    data = scenario({"T-TAM": tamer, "T-LOCK": lock}, [{"play": {"card": "T-TAM"}}], hand=["T-TAM"], b=b)
    assert simulate(store, load_scenario(data))["memory"] == 5 + 2  # a Tamer's effect still gains
    assert played(store, "Your opponent loses 2 memory.", b=b, cards={"T-LOCK": lock})["memory"] == 5


def test_a_returned_or_placed_digimon_is_answered_before_it_leaves(store: Any) -> None:
    leaving = card("[All Turns] When this Digimon would leave the battle area, gain 1 memory.", name="Blue",
                   colors=["Blue"])
    stacks = [{"id": "blue", "stack": ["T-SRC", "T-BLUE"]}]
    cards = {"T-BLUE": leaving, "T-SRC": card("", name="Source")}
    returned = played(store, "Return 1 of your other Digimon to the hand.", a=stacks, cards=cards)
    assert returned["final"]["A"]["hand"] == ["T-BLUE"] and returned["final"]["A"]["trash"] == ["T-SRC"]
    assert returned["memory"] == 5 + 1
    placed = played(store, "By placing another blue Digimon under this Digimon as its bottom digivolution "
                    "card, gain 2 memory.", a=stacks, cards=cards)
    assert placed["final"]["A"]["battle_area"][0]["stack"] == ["T-BLUE", "T-X"]
    assert placed["unsupported"] == [] and placed["memory"] == 5 + 1 + 2


def test_any_n_digivolution_cards_from_the_opponents_digimon_are_n_in_all(store: Any) -> None:
    """'Trash any 2 digivolution cards from your opponent's Digimon': 2 in all, from one Digimon or
    from two, as the player names a Digimon for each card (QA Q2393, Q4289); not 2 from each."""
    stacked = [{"id": "x", "stack": ["T-VICTIM", "T-VICTIM", "T-VICTIM"]},
               {"id": "y", "stack": ["T-VICTIM", "T-VICTIM", "T-VICTIM"]}]
    text = "Trash any 2 digivolution cards from your opponent's Digimon."
    report = played(store, text, b=stacked)
    assert [len(s["stack"]) for s in report["final"]["B"]["battle_area"]] == [1, 3]  # by default: the first
    cards = {"T-X": card(f"[On Play] {text}", cost=0)}
    data = scenario(cards, [{"play": {"card": "T-X"}}], hand=["T-X"], b=stacked)
    data["decisions"] = {"targets": {"T-X/T-X/OnPlay": [["x", "y"]]}}
    report = simulate(store, load_scenario(data))
    assert report["unsupported"] == []
    assert [len(s["stack"]) for s in report["final"]["B"]["battle_area"]] == [2, 2]
