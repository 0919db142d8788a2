"""'When …' clauses of session 17, on real card texts (card number on each case): an Option card
trashed from the battle area, either of two events ('played or deleted / suspend', 'play or
digivolve'), cards added to either hand, this Digimon's digivolution cards trashed, and a 'When …'
clause closed by a full stop."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Selector, Trigger
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> tuple[Trigger, list[str]]:
    """The trigger of the card's last effect, and its compiled action verbs."""
    record = compile_card("X-1", **{part: text})[-1]
    assert record.compiled.trigger_compiled and record.compiled.trigger is not None, text
    assert record.compiled.actions_compiled, text
    return record.compiled.trigger, [a.verb for a in record.compiled.actions]


@pytest.mark.parametrize(
    ("text", "event", "role", "requires"),
    [
        # P-159 Rook Device (its second effect)
        ("When an effect trashes this card in your battle area, 1 of your Digimon gains ＜Reboot＞ , "
         "＜Blocker＞and gets +2000 DP until the end of your opponent's turn.",
         "TrashedFromBattleArea", "SubjectRole", ["ByEffect"]),
        # BT19-095 Knight Device (its second effect)
        ("When this card is trashed in your battle area, 1 of your Digimon gains ＜Piercing＞and gets "
         "+4000 DP for the turn.", "TrashedFromBattleArea", "SubjectRole", []),
        # BT17-028 AncientGarurumon
        ("[Your Turn] [Once Per Turn]When an effect adds cards to your or your opponent's hand, your "
         "opponent adds the top card of their security stack to the hand.", "AddedToHand", "AnyRole",
         ["ByEffect"]),
        # BT25-058 Callismon
        ("[All Turns] [Once Per Turn] When effects play or digivolve any Digimon, ＜De-Digivolve 1＞ 1 of "
         "your opponent's Digimon. Then, this Digimon may battle 1 of your opponent's Digimon.",
         "PlayedOrDigivolved", "AnyRole", ["ByEffect", "SubjectIsDigimon"]),
        # BT16-028 Imperialdramon: Dragon Mode
        ("[All Turns] When an effect plays or digivolves an opponent's Digimon, if you have a Tamer, this "
         "Digimon may digivolve into [Imperialdramon: Fighter Mode] in the hand without paying the cost.",
         "PlayedOrDigivolved", "AnyRole", ["ByEffect", "SubjectIsDigimon", "SubjectIsOpponents"]),
        # EX11-044 Pyramidimon
        ("[All Turns] [Once Per Turn] When effects trash any of this Digimon's digivolution cards, you "
         "may place 3 [Mineral] or [Rock] trait cards from your trash as this Digimon's bottom "
         "digivolution cards.", "SourceTrashed", "ObjectRole", ["ByEffect"]),
        # EX10-058 Lilithmon (its second effect)
        ("[All Turns] [Once Per Turn] When any of your opponent's Digimon are played or deleted, by "
         "trashing any 2 of this Digimon's digivolution cards, you may play 1 level 4 or lower purple "
         "Digimon card from your trash without paying the cost.", "PlayedOrDeleted", "AnyRole",
         ["SubjectIsDigimon", "SubjectIsOpponents"]),
        # BT20-005 Kapurimon (inherited)
        ("[Your Turn] When this Digimon checks a face-up security card, this Digimon gains ＜Jamming＞ for "
         "the turn.", "SecurityCardChecked", "ObjectRole", ["SubjectWasFaceUp"]),
        # BT19-039 SkullBaluchimon (inherited)
        ("[All Turns] [Once Per Turn] When your security is reduced, you may unsuspend this Digimon.",
         "SecurityCardRemoved", "AnyRole", ["SubjectIsOwn"]),
        # EX10-041 Wizardmon (its first effect)
        ("When effects trash this card from the deck or security stack, give 1 of your opponent's Digimon "
         "＜Security A. -1＞ until their turn ends.", "TrashedFromDeckOrSecurity", "SubjectRole",
         ["ByEffect"]),
        # EX9-002 Tsunomon (inherited)
        ("[Your Turn] [Once Per Turn] When face-down cards are placed in this Digimon's digivolution cards, "
         "this Digimon may digivolve into a [Ver.2] trait Digimon card in the hand with the digivolution "
         "cost reduced by 1.", "SourcePlaced", "ObjectRole", ["SubjectWasFaceDown"]),
        # BT5-056 Rafflesimon (its second effect)
        ("[Your Turn][Once Per Turn] When one of your Digimon activates ＜Digi-Burst＞, 1 of your opponent's "
         "Digimon can't attack or block until the end of your opponent's next turn.", "SourceTrashed",
         "AnyRole", ["ByDigiBurst", "OtherIsDigimon", "OtherIsOwn"]),
        # BT17-056 Locomon (its second effect)
        ("[All Turns] When one of your Digimon's effects adds to this Digimon's digivolution cards, this "
         "Digimon may digivolve into [GroundLocomon] in the hand without paying the cost.", "SourcePlaced",
         "ObjectRole", ["ByOwnDigimonsEffect"]),
    ],
)
def test_whole_clauses(text: str, event: str, role: str, requires: list[str]) -> None:
    trigger, _ = compiled(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)
    assert trigger.selector is None and trigger.object_selector is None


def test_option_cards_in_the_battle_area_are_trashed() -> None:
    # P-203 Justimon: Accel Arm: either player's Option card (QA Q5198)
    trigger, verbs = compiled(
        "[All Turns] [Once Per Turn] When Option cards in the battle area are trashed, 1 of your "
        "opponent's Digimon can't digivolve or attack players until their turn ends.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("TrashedFromBattleArea", "AnyRole", [])
    assert trigger.selector == Selector(owner="any", kind="Option", count=None)
    assert verbs == ["cant_digivolve", "cant_attack_players"]


def test_marcus_damon_played_or_suspends() -> None:
    # AD1-016 ShineGreymon: a card of yours named [Marcus Damon], played or suspended
    trigger, verbs = compiled(
        "[All Turns] [Once Per Turn] When any of your [Marcus Damon]s are played or suspend, you may "
        "delete 1 of your opponent's Digimon with as much or less DP as this Digimon.")
    assert (trigger.event, trigger.requires) == ("PlayedOrSuspended", ["SubjectIsOwn"])
    assert trigger.selector is not None and trigger.selector.name == "Marcus Damon"
    assert trigger.selector.kind == "card" and trigger.selector.owner == "self"
    assert verbs == ["delete"]


def test_when_clause_closed_by_a_full_stop() -> None:
    # BT20-029 Pulsemon (inherited): the clause ends at its full stop, the action follows
    trigger, verbs = compiled(
        "[All Turns] [Once Per Turn] When this Digimon deletes your opponent's Digimon in battle. gain "
        "1 memory.", "inherited")
    assert (trigger.event, trigger.this_role) == ("DeletedInBattle", "ObjectRole")
    assert trigger.requires == ["SubjectIsDigimon", "SubjectIsOpponents"]
    assert verbs == ["gain_memory"]


def test_use_an_use_option_card() -> None:
    # EX5-037 Vajramon prints 'an use'; read as EX5-021's 'When you use an Option card with a cost of
    # 1 or more' (QA Q5508)
    trigger, verbs = compiled("[Your Turn] When you use an use Option card with a cost of 1 or more, gain 1 "
                              "memory.")
    assert (trigger.event, trigger.requires) == ("OptionUsed", ["SubjectIsOwn"])
    assert trigger.selector == Selector(owner="self", kind="Option", count=None, min_cost=1)
    assert verbs == ["gain_memory"]


def test_cs_option_cards_placed_in_the_battle_area() -> None:
    # BT23-003 Motimon (inherited)
    trigger, verbs = compiled("[Your Turn] [Once Per Turn] When any of your [CS] trait Option cards are "
                              "placed in the battle area, this Digimon may attack.", "inherited")
    assert (trigger.event, trigger.requires) == ("OptionPlaced", ["SubjectIsOwn"])
    assert trigger.selector == Selector(owner="self", kind="Option", count=None, trait="CS")
    assert verbs == ["attack"]


@pytest.mark.parametrize("article", ["", "a "])
def test_play_a_digimon_or_place_an_option(article: str) -> None:
    # EX3-027 Agumon (inherited), EX3-034 Angewomon (its main and inherited texts)
    trigger, verbs = compiled(
        "[Your Turn][Once Per Turn] When you play a Digimon with [Four Great Dragons] in its traits or place "
        f"{article}[Trial of the Four Great Dragons] in your battle area, ＜Draw 1＞.", "inherited")
    assert (trigger.event, trigger.requires) == ("PlayedOrPlaced", ["SubjectIsOwn"])
    assert trigger.selector is not None
    played, placed = trigger.selector.any_of
    assert (played.kind, played.owner, played.trait) == ("Digimon", "self", "Four Great Dragons")
    assert placed == Selector(owner="self", kind="Option", count=None, name="Trial of the Four Great Dragons")
    assert verbs == ["draw"]


@pytest.mark.parametrize("text", [
    # BT21-058 Snatchmon (inherited)
    "[All Turns] [Once Per Turn] When any [Vemmon] are returned to the bottom of the deck from this "
    "Digimon's digivolution cards, delete 1 of your opponent's Digimon with a play cost of 4 or less.",
    # BT11-065 Snatchmon (inherited)
    "[All Turns][Once Per Turn] When [Vemmon] is placed from this Digimon's digivolution cards at the bottom "
    "of its owner's deck, unsuspend this Digimon, and it gains ＜Blocker＞ until the end of your opponent's "
    "turn.",
])
def test_vemmon_from_this_digimons_sources_to_the_deck(text: str) -> None:
    trigger, _ = compiled(text, "inherited")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("SourceReturnedToDeck", "ObjectRole", [])
    assert trigger.selector == Selector(owner="any", kind="card", count=None, name="Vemmon")


def test_face_up_cards_placed_in_or_added_to_security() -> None:
    # EX11-003 Puroromon (inherited): placed face up, yours, with the trait (a flip is none, QA Q5788)
    trigger, verbs = compiled("[Your Turn] [Once Per Turn] When face-up [Royal Base] trait cards are placed "
                              "in your security stack, ＜Draw 1＞", "inherited")
    assert (trigger.event, trigger.requires) == ("SecurityCardAdded", ["SubjectIsOwn", "SubjectWasFaceUp"])
    assert trigger.selector == Selector(owner="self", kind="card", count=None, trait="Royal Base")
    assert verbs == ["draw"]
    # EX11-004 Kapurimon (inherited): placed face up or flipped face up there (QA Q5789, Q5790)
    trigger, verbs = compiled("[Your Turn] [Once Per Turn] When face-up cards are added to your opponent's "
                              "security stack, ＜Draw 1＞", "inherited")
    assert (trigger.event, trigger.requires) == ("SecurityCardAddedOrFlipped",
                                                 ["SubjectIsOpponents", "SubjectWasFaceUp"])
    assert trigger.selector is None and verbs == ["draw"]


def test_delete_1_your_opponents_digimon_misprint() -> None:
    # BT20-044 Breakdramon prints 'delete 1 your opponent's Digimon'; read as its inherited text's
    # 'delete your opponent's Digimon in battle' (QA Q4363)
    trigger, verbs = compiled(
        "[All Turns] [Once Per Turn] When any of your Digimon with [Dracomon]/[Examon] in their texts "
        "delete 1 your opponent's Digimon in battle, delete 1 of their suspended Digimon or Tamers.")
    assert (trigger.event, trigger.this_role) == ("DeletedInBattle", "AnyRole")
    assert trigger.requires == ["OtherIsDigimon", "OtherIsOwn", "SubjectIsDigimon", "SubjectIsOpponents"]
    assert trigger.object_selector == Selector(owner="self", count=None, text_contains="Dracomon/Examon")
    assert verbs == ["delete"]


@pytest.mark.parametrize(("text", "names"), [
    # EX9-012 MetalGreymon: Alterous Mode
    ("[Your Turn] When any of your Digimon or Tamers with [Garurumon] or [Tai Kamiya] in their names are "
     "played or any of your Digimon digivolve into a Digimon with [Garurumon] in its name, this Digimon may "
     "digivolve into a Digimon card with [Greymon] in its name in the hand without paying the cost.",
     "Garurumon/Tai Kamiya"),
    # EX9-019 WereGarurumon: Sagittarius Mode
    ("[Your Turn] When any of your Digimon or Tamers with [Greymon] or [Matt Ishida] in its name are played "
     "or any of your Digimon digivolve into a Digimon with [Greymon] in its name, this Digimon may digivolve "
     "into a Digimon card with [Garurumon] in its name in the hand without paying the cost.",
     "Greymon/Matt Ishida"),
])
def test_named_played_or_digivolved_into(text: str, names: str) -> None:
    trigger, verbs = compiled(text)
    assert (trigger.event, trigger.requires) == ("PlayedOrDigivolved", ["SubjectIsOwn"])
    assert trigger.selector == Selector(owner="self", kind="Digimon or Tamer", count=None,
                                        name_contains=names)
    assert verbs == ["digivolve"]
