"""What the compiler understood of an effect, in plain English, generated from the IR (never by
echoing the printed text): its trigger, conditions, costs and actions with their targets, their
durations, whether they are optional, and each part not understood, named with its printed span.

>>> from ingest.effects import compile_card
>>> (e,) = compile_card("X-1", "[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.")
>>> reads(e)
"When this card is played [On Play]: delete 1 of your opponent's Digimon with 4000 DP or less."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib.namespace import RDF, RDFS

import ontology
from ingest.compiler.semantics import primitive_words, table
from ingest.effect_ir import Action, Condition, EffectRecord, Selector, Trigger
from ontology import DCG, local


@dataclass(frozen=True)
class Clause:
    """One part of an effect: ``part`` (trigger, limit, condition, cost, action, keyword), what it
    does in words, whether the compiler understood it, and the printed text it came from."""

    part: str
    words: str
    understood: bool = True
    span: str = ""


# -- the ontology's own names


@lru_cache(maxsize=1)
def _labels() -> dict[str, str]:
    """rdfs:label of every game event and trigger condition, by local name."""
    graph = ontology.vocabulary_graph()
    return {
        local(s): str(graph.value(s, RDFS.label))
        for cls in (DCG.GameEvent, DCG.TriggerCondition)
        for s in graph.subjects(RDF.type, cls)
        if graph.value(s, RDFS.label) is not None
    }


def printed(name: str, brackets: str = "[]") -> str:
    """A timing, usage limit or keyword as printed: ``[On Play]``, ``<Blocker>``.

    >>> printed("OnPlay"), printed("SecurityA", "<>")
    ('[On Play]', '<Security Attack>')
    """
    meaning = table().get(name)
    names = sorted(meaning.printed, key=len, reverse=True) if meaning is not None and meaning.printed else []
    return f"{brackets[0]}{names[0] if names else name}{brackets[1]}"


def _keyword(name: str, value: int | None) -> str:
    word = printed(name, "<>")
    return (
        word if value is None else f"{word[:-1]} {value:+d}>" if name in _SIGNED else f"{word[:-1]} {value}>"
    )


_SIGNED = {"SecurityA", "SecurityAttack", "Recovery"}

# -- cards an action or condition speaks of

_ZONES = {
    "hand": "in {p} hand",
    "trash": "in {p} trash",
    "hand_or_trash": "in {p} hand or trash",
    "sources": "among this card's digivolution cards",
    "security": "in {p} security stack",
    "deck": "in {p} deck",
    "revealed": "among the revealed cards",
    "under_tamers": "under {p} Tamers",
    "hand_or_sources": "in {p} hand or this card's digivolution cards",
    "digimon_sources": "among the digivolution cards of {p} Digimon",
    "hand_or_digimon_sources": "in {p} hand or the digivolution cards of {p} Digimon",
    "trash_or_digimon_sources": "in {p} trash or the digivolution cards of {p} Digimon",
    "subject_sources": "among that Digimon's digivolution cards",
    "trash_or_sources": "in {p} trash or this card's digivolution cards",
    "field": "on {p} field",
    "breeding_area": "in {p} breeding area",
    "hand_or_under_tamers": "in {p} hand or under {p} Tamers",
}
_EXTREMES = {
    "highest_dp": "the highest DP",
    "lowest_dp": "the lowest DP",
    "highest_level": "the highest level",
    "lowest_level": "the lowest level",
    "highest_cost": "the highest play cost",
    "lowest_cost": "the lowest play cost",
    "fewest_sources": "the fewest digivolution cards",
}


_MEASURES = {"dp": "DP", "cost": "play cost", "level": "level", "sources": "digivolution cards"}


def _alts(value: str, brackets: bool = True) -> str:
    """'A/B/C' -> '[A], [B] or [C]'."""
    parts = [f"[{v}]" if brackets and not v.startswith("<") else v for v in value.split("/")]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _range(low: int | None, high: int | None, unit: str, *, before: bool = False) -> str:
    if low is None and high is None:
        return ""
    if low == high:
        return f"{unit} {low}" if before else f"{low} {unit}"
    if high is not None and low is None:
        return f"{unit} {high} or less" if before else f"{high} {unit} or less"
    if low is not None and high is None:
        return f"{unit} {low} or more" if before else f"{low} {unit} or more"
    return f"{unit} {low} to {high}" if before else f"{low} to {high} {unit}"


def _possessive(owner: str) -> str:
    return {"self": "your", "opponent": "your opponent's", "any": "any player's"}[owner]


def _noun(sel: Selector, plural: bool) -> str:
    kind = {
        "card": "card",
        "Face-down": "face-down card",
        "Face-up": "face-up card",
        "Digimon or Tamer": "Digimon or Tamer",
    }.get(sel.kind, sel.kind)
    if sel.token:
        kind = f"{kind} token" if kind != "card" else "token"
    if sel.zone != "battle_area" and kind in ("Digimon", "Tamer", "Option", "Digimon or Tamer"):
        kind += " card"
    if not plural or kind.endswith("Digimon"):
        return kind
    return kind.replace("Tamer", "Tamers") if kind.endswith("Tamer") else kind + "s"


#: Yes/no selector filters and their words, in the order they are said.
_FLAG_WORDS = (
    ("with_sources", "with digivolution cards"),
    ("without_sources", "with no digivolution cards"),
    ("with_inherited", "with inherited effects"),
    ("with_xros", "with DigiXros requirements"),
)
#: Filters that compare with this card, said after the others.
_RELATIVE_WORDS = (
    ("same_name_as_this", "with the same name as this card"),
    ("unlike_own_cards", "with no name shared with your battle area or trash"),
    ("dp_at_most_this", "with as much or less DP than this Digimon"),
    ("sources_at_most_this", "with as many or fewer digivolution cards than this Digimon"),
    ("level_at_most_sources", "with a level no higher than this Digimon's number of digivolution cards"),
    ("same_orientation_as_this", "with the same orientation (suspended or not) as this Digimon"),
)


def _filters(sel: Selector) -> tuple[list[str], list[str]]:
    """Words before the noun (level, colour, trait) and after it ('with 4000 DP or less')."""
    before: list[str] = []
    after: list[str] = []
    if sel.state:
        before.append(sel.state)
    if sel.other:
        before.append("other")
    if sel.color:
        before.append(_alts(sel.color.lower(), brackets=False))
    if sel.not_color:
        before.append("non-" + _alts(sel.not_color.lower(), brackets=False))
    if sel.min_colors:
        before.append(f"{sel.min_colors}-or-more-color")
    if sel.max_colors:
        after.append(f"with at most {sel.max_colors} colors")
    level = _range(sel.min_level, sel.max_level, "level", before=True)
    if level:
        before.append(level)
    if sel.trait:
        before.append(_alts(sel.trait) + " trait")
    if sel.not_trait:
        after.append(f"without {_alts(sel.not_trait)} in its traits")
    if sel.trait_contains:
        after.append(
            f"with {_alts(sel.trait_contains)} in one of its traits"
            + (f" (other than {_alts(sel.trait_contains_except)})" if sel.trait_contains_except else "")
        )
    if sel.name:
        before.append(_alts(sel.name))
    if sel.not_name:
        before.append(f"non-{_alts(sel.not_name)}")
    if sel.name_contains:
        after.append(f"with {_alts(sel.name_contains)} in its name")
    if sel.name_lacks:
        after.append(f"without {_alts(sel.name_lacks)} in its name")
    if sel.text_contains:
        after.append(f"with {_alts(sel.text_contains)} in its text")
    if sel.name_or_trait:
        after.append(f"named {_alts(sel.name_or_trait)} or with that trait")
    dp = _range(sel.min_dp, sel.max_dp, "DP")
    if dp:
        after.append(f"with {dp}")
    cost = _range(sel.min_cost, sel.max_cost, "play cost", before=True)
    if cost:
        after.append(f"with a {cost}")
    if sel.max_sources is not None:
        after.append(f"with {sel.max_sources} or fewer digivolution cards")
    if sel.min_sources is not None:
        after.append(f"with {sel.min_sources} or more digivolution cards")
    if sel.with_keywords:
        after.append("with " + " or ".join(printed(k, "<>") for k in sel.with_keywords))
    if sel.without_keywords:
        after.append("without " + " or ".join(printed(k, "<>") for k in sel.without_keywords))
    after += [words for flag, words in _FLAG_WORDS if getattr(sel, flag)]
    if sel.source_kind:
        after.append(f"with a {sel.source_kind} card in its digivolution cards")
    if sel.source_min_colors:
        after.append(f"with a digivolution card of {sel.source_min_colors} or more colors")
    if sel.unlike_own:
        after.append(f"with no name of your {sel.unlike_own}s")
    after += [words for flag, words in _RELATIVE_WORDS if getattr(sel, flag)]
    if sel.compare and sel.compare_op and sel.compare_to:
        op = "or less" if sel.compare_op == "at_most" else "or more"
        to = {"this": "this Digimon's", "chosen": "the chosen Digimon's"}.get(sel.compare_to, sel.compare_to)
        after.append(f"with {_MEASURES[sel.compare]} equal to {to} {op}")
    if sel.extreme:
        after.append(f"with {_EXTREMES[sel.extreme]}")
    if sel.unchosen:
        after.append("not chosen before")
    if sel.different:
        after.append(f"with different {sel.different}")
    if sel.total and sel.total_max is not None:
        after.append(f"whose total {_MEASURES[sel.total]} is {sel.total_max} or less")
    if sel.any_of:  # 'with [X] in its name or the [Y] trait': each alternative's own filters
        after.append("(" + ", or ".join(_alternative(sel, alt) for alt in sel.any_of) + ")")
    return before, after


def _alternative(sel: Selector, alt: Selector) -> str:
    before, after = _filters(alt)
    noun = [_noun(alt, False)] if alt.kind not in (sel.kind, "card") else []
    return " ".join([*before, *noun, *after]) or _noun(alt, False)


def cards(sel: Selector | None, *, bare: bool = False) -> str:
    """The cards a selector picks, in words ('1 of your opponent's Digimon with 4000 DP or less').

    >>> cards(Selector(owner="opponent", max_dp=4000))
    "1 of your opponent's Digimon with 4000 DP or less"
    >>> cards(Selector(owner="self", kind="card", zone="trash", trait="Hybrid", count=2, up_to=True))
    'up to 2 [Hybrid] trait cards in your trash'
    """
    if sel is None:
        return "it"
    if sel.this and bare:  # what this card must be ('if this Digimon has [Shoutmon] in its name')
        before, after = _filters(sel)
        return " ".join([*before, _noun(sel, False), *after])
    if sel.this:  # with what it must be, if anything ('this blue Digimon with the [TS] trait')
        before, after = _filters(sel)
        if before or after:
            return " ".join(["this", *before, _noun(sel, False), *after])
        return {"card": "this card", "Tamer": "this Tamer"}.get(sel.kind, "this Digimon")
    if sel.battled:
        return "the Digimon it battled"
    plural = sel.count != 1
    before, after = _filters(sel)
    named = sel.kind == "card" and sel.zone == "battle_area" and sel.name is not None  # '1 of your [Agumon]'
    noun = " ".join([*before, *([] if named else [_noun(sel, plural)])])
    if sel.subject:
        return (
            " ".join(["that" if not plural else "those", noun, *after])
            if not bare
            else " ".join([noun, *after])
        )
    if bare:
        return " ".join([noun, *after])
    amount = "all" if sel.count is None else f"up to {sel.count}" if sel.up_to else str(sel.count)
    if sel.count is None and sel.total:
        amount = "any number"
    if sel.those:
        amount = f"{amount} of those"
    where = _ZONES.get(sel.zone)
    if where is None and sel.zone.endswith("_digimon_sources"):  # 'blue', 'purple or blue' (play.py)
        where = f"among the digivolution cards of {{p}} {sel.zone.removesuffix('_digimon_sources')} Digimon"
        where = where.replace("_", " ")
    owner = _possessive(sel.owner)
    if sel.kind == "player":
        return {"self": "you", "opponent": "your opponent", "any": "each player"}[sel.owner]
    if sel.zone == "battle_area" and not sel.those:
        head = f"{amount} of {owner} {noun}" if sel.owner != "any" else f"{amount} {noun}"
        return " ".join([head, *after])
    if sel.zone == "battle_area" or where is None:
        tail = [] if sel.zone == "battle_area" else [f"in the {sel.zone.replace('_', ' ')}"]
        return " ".join([amount, noun, *after, *tail])
    return " ".join([amount, noun, *after, where.format(p=owner)])


# -- actions


_DURATIONS = {
    "this_turn": "for the turn",
    "this_attack": "for the attack",
    "until_end_of_opponents_turn": "until the end of your opponent's turn",
    "until_end_of_opponents_next_turn": "until the end of your opponent's next turn",
    "until_end_of_your_turn": "until the end of your turn",
    "until_end_of_your_next_turn": "until the end of your next turn",
    "while_condition": "while the condition holds",
}
_POINTS = {
    "EndOfTurnPoint": "at the end of the turn",
    "EndOfBattlePoint": "at the end of the battle",
    "EndOfOpponentsTurnPoint": "at the end of your opponent's turn",
    "EndOfYourTurnPoint": "at the end of your turn",
}

#: Verb -> words; {t}: the selector's cards, {c}: the card brought in, {n}: the amount, {k}: the
#: keyword with its value, {timing}: a printed timing.
_VERBS = {
    "delete": "delete {t}",
    "suspend": "suspend {t}",
    "unsuspend": "unsuspend {t}",
    "return_to_hand": "return {t} to the hand",
    "return_to_deck": "return {t} to the bottom of the deck",
    "return_to_deck_top": "return {t} to the top of the deck",
    "de_digivolve": "<De-Digivolve {n}> {t}",
    "dp_modify": "{t} {gets} {n:+d} DP",
    "gain_keyword": "{t} {gains} {k}",
    "keyword": "{k}: {rule}",
    "gain_memory": "gain {n} memory",
    "lose_memory": "{o} {loses} {n} memory",
    "set_memory": "set the memory to {n} on your side",
    "draw": "draw {n}",
    "recovery": "<Recovery +{n} (Deck)>",
    "play_card": "play {t}",
    "play_self": "play this card",
    "place_self": "place this card in the battle area",
    "add_self_to_hand": "add this card to the hand",
    "add_to_hand": "add {t} to the hand",
    "reveal": "reveal the top {nc} of {op} deck",
    "trash_card": "trash {t}",
    "rest_to_deck": "place the rest of the revealed cards at the bottom of the deck",
    "rest_to_deck_top": "place the rest of the revealed cards on top of the deck",
    "trash_rest": "trash the rest of the revealed cards",
    "rest_to_hand": "add the rest of the revealed cards to the hand",
    "digivolve": "{t} digivolves into {c}",
    "place_under": "place {c} under {t}",
    "place_under_face_down": "place {c} face down under {t}",
    "activate_effect": "activate this card's {timing} effect",
    "trash_security": "trash the top {nc} of {op} security stack",
    "trash_bottom_security": "trash the bottom {nc} of {op} security stack",
    "security_to_hand": "{o} {adds} the top {nc} of {op} security stack to the hand",
    "bottom_security_to_hand": "add the bottom card of your security stack to the hand",
    "trash_deck": "trash the top {nc} of {op} deck",
    "ignore_color_requirements": "{t} can be used ignoring its color requirements",
    "reduce_play_cost": "reduce the play cost by {n}",
    "reduce_digivolve_cost": "reduce the digivolution cost by {n}",
    "increase_digivolve_cost": "increase the digivolution cost by {n}",
    "reduce_play_or_digivolve_cost": "reduce the play or digivolution cost by {n}",
    "attack": "{t} attacks",
    "attack_player": "{t} attacks your opponent",
    "attack_digimon": "{t} attacks 1 of your opponent's Digimon",
    "prevent": "prevent that",
    "cant_unsuspend": "{t} can't unsuspend",
    "cant_attack": "{t} can't attack",
    "cant_block": "{t} can't block",
    "cant_suspend": "{t} can't suspend",
    "cant_digivolve": "{t} can't digivolve",
    "cant_attack_players": "{t} can't attack players",
    "cant_be_blocked": "{t} can't be blocked",
    "cant_be_deleted_in_battle": "{t} can't be deleted in battle",
    "cant_be_deleted_by_opponents_effects": "{t} can't be deleted by your opponent's effects",
    "cant_be_returned_by_opponents_effects": "{t} can't be returned to the hand or deck by your opponent's "
    "effects",
    "cant_change_attack_target": "the attack target of {t} can't be switched",
    "can_attack_unsuspended": "{t} can attack unsuspended Digimon",
    "skips_next_unsuspend": "{t} doesn't unsuspend in its owner's next unsuspend phase",
    "unaffected": "{t} is unaffected by your opponent's effects",
    "trash_source": "trash {t}",
    "trash_top_sources": "trash the top {ns} of {t}",
    "trash_bottom_sources": "trash the bottom {ns} of {t}",
    "trash_any_sources": "trash {n} of the digivolution cards of {t}",
    "trash_all_sources": "trash all digivolution cards of {t}",
    "trash_bottom_face_down": "trash the bottom face-down card under {t}",
    "link_card": "link {c} to {t}",
    "change_attack_target": "switch the attack target to {t}",
    "end_attack": "end the attack",
    "choose": "choose {t}",
    "choose_more": "choose {t} as well",
    "cant_activate": "{t} can't activate {timed}effects",
    "place_security_top": "place {t} on top of the security stack",
    "place_security_bottom": "place {t} at the bottom of the security stack",
    "place_self_face_up_bottom_security": "place this card face up at the bottom of your security stack",
    "use_option": "use {t}",
    "play_token": "play {n} {token}",
    "trash_option_in_play": "trash {t}",
    "gain_source_effects": "{t} gains the effects of {c}",
    "also_named": "{t} is also treated as named {c}",
    "also_has_trait": "{t} also has the {trait} trait",
    "end_of_turn": "end the turn",
    "raise_max_level": "raise this effect's maximum level by {n}",
    "raise_max_cost": "raise this effect's maximum play cost by {n}",
    "raise_max_dp": "raise this effect's maximum DP by {n}",
    "dna_digivolve": "DNA digivolve {t} into {c}",
    "dna_digivolve_with_this": "DNA digivolve this Digimon and {t} into {c}",
    "play_to_breeding": "play {t} into the breeding area",
    "hatch": "hatch the top card of your Digi-Egg deck",
    "revealed_to_top_or_bottom": "place the revealed cards on the top or the bottom of the deck",
    "shuffle_security": "shuffle the security stack",
    "search_security": "search the security stack",
    "opponent_trashes_card": "your opponent trashes {t}",
    "digivolves_only_into": "{t} can only digivolve into {cb}",
    "cant_have_dp_reduced": "the DP of {t} can't be reduced",
    "cant_be_attacked": "{t} can't be attacked",
    "cant_be_returned": "{t} can't be returned to the hand or deck",
    "also_colored": "{t} is also treated as {c}",
    "attack_without_suspending": "{t} may attack without suspending",
    "place_card": "place {t} in the battle area",
    "return_cards_to_deck": "return {t} to the bottom of the deck",
    "return_cards_to_deck_top": "return {t} to the top of the deck",
    "egg_to_egg_deck_bottom": "return {n} Digi-Egg card(s) of your trash to the Digi-Egg deck bottom",
    "digivolve_permission": "{t} may digivolve into {c}",
    "digivolve_onto_tamer": "{c} may digivolve onto {t} as if it were a level {n} Digimon",
    "also_meets_colors": "the color requirements of {t} can also be met by {tcolor}",
    "place_deck_top_face_down": "place the top {nc} of your deck face down under {t}",
    "trash_link_cards": "trash {n} of the link cards of {t}",
    "play_or_use_card": "play or use {t}",
    "play_each": "play {t}, one of each",
    "raise_deletions_max_dp": "add {n} to the maximum DP that DP-based deletion effects can choose",
    "raise_deletion_max_dp": "add {n} to the maximum DP of this effect's DP-based deletion",
    "top_to_bottom_source": "place the top stacked card of {t} as its bottom digivolution card",
    "trash_top_or_bottom_security": "trash the top or bottom card of {op} security stack",
    "cant_gain_memory_except_by_tamers": "{o} can't gain memory except with Tamer effects",
    "no_option_security": "{t} doesn't activate the [Security] effects of Option cards it checks",
    "unaffected_by_keyword": "{t} isn't affected by {k} effects",
    "opponent_may_trash_card": "your opponent may trash {t}",
    "opponent_may_delete": "your opponent may delete {t}",
    "flip_security_face_up": "flip the top face-down card of {op} security stack face up",
    "place_under_top": "place {c} under {t} as its top digivolution card",
    "place_security_top_or_bottom": "place {t} on top of or at the bottom of the security stack",
    "place_security_bottom_face_up": "place {t} face up at the bottom of the security stack",
    "sources_to_hand": "add {t} to the hand",
    "trash_top_cards": "trash the top {nc} of {t}",
    "trash_hand_to": "trash cards in your hand until it has {n} left",
    "cant_attack_digimon": "{t} can't attack Digimon",
    "cant_be_deleted": "{t} can't be deleted",
    "battle_by_effect": "this Digimon battles {t}",
    "set_original_dp": "the original DP of {t} becomes {n}",
    "deck_copies": "a deck may hold up to {n} copies of this card",
    "trash_deck_up_to": "trash up to {nc} from the top of {op} deck",
    "trash_hand_or_own_sources": "trash {t} or among this Digimon's digivolution cards",
    "sources_to_deck_bottom": "place {t} at the bottom of the deck",
    "hand_to_deck_bottom": "place {t} at the bottom of the deck",
    "play_within_total": "play {t} whose play costs add up to {n} or less",
    "trash_same_level_sources": "trash {n} same-level cards from the digivolution cards of {t}",
    "reduce_effect_play_cost": "reduce the play cost of this effect's play by {n}",
    "reduce_effect_digivolve_cost": "reduce the digivolution cost of this effect's digivolution by {n}",
    "reduce_cost": "reduce the cost by {n}",
    "face_down_security_to_hand": "add the top face-down card of your security stack to the hand",
    "top_or_bottom_security_to_hand": "add the top or the bottom card of your security stack to the hand",
    "move_from_breeding": "move {t} from the breeding area to the battle area",
    "opponent_may_trash_security": "your opponent may trash the top {nc} of their security stack",
}


def _owner_word(sel: Selector | None, default: str = "your") -> str:
    if sel is None:
        return default
    return "your opponent's" if sel.owner == "opponent" else "your"


def _singular(action: Action) -> bool:
    sel = action.selector
    return sel is None or sel.this or sel.battled or sel.count == 1


def _who(action: Action) -> str:
    return action.selector.owner if action.selector else "opponent"


def _rule(keyword: str | None) -> str:
    """What the graph says a keyword does: its primitive's definition, else its name in words
    ('CanBlock' -> 'can block')."""
    meaning = table().get(keyword or "")
    primitive = meaning.primitive if meaning is not None else None
    if not primitive:
        return "its rules apply"
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", primitive).lower().replace("d p", "DP")
    return primitive_words(primitive) or spaced


def _also_named(sel: Selector) -> str:
    """'This card/Digimon is also treated as [A] and [B]': the names sit in its selector."""
    if sel.name:
        return "this card also has the names " + " and ".join(f"[{n}]" for n in sel.name.split("/"))
    return f"this card is also treated as having {_alts(sel.name_contains or '')} in its name"


def _verb_words(action: Action) -> str:
    if action.verb == "also_named" and action.selector is not None and action.card is None:
        return _also_named(action.selector)
    template = _VERBS.get(action.verb)
    if action.verb == "activate_effect" and action.selector is not None and action.selector.count is None:
        template = "activate all of this Digimon's {timing} effects, its digivolution cards' too"
    target = ("it" if _singular(action) else "them") if action.same_targets else cards(action.selector)
    if action.changed_only:
        target = "those it changed"
    if action.verb == "also_has_trait":  # its selector's trait is the one it gains, no filter
        target = "this card"
    if action.selector is None and action.verb == "trash_same_level_sources":
        target = "this Digimon"  # its holder (kg.solver.handlers.cost_moves)
    if template is None:  # a verb with no wording of its own: its name, with the cards it acts on
        words = action.verb.replace("cant_", "can't ").replace("_", " ")
        extra = [f"({cards(action.selector)})"] if action.selector else []
        extra += [f"with {cards(action.card)}"] if action.card else []
        extra += [str(action.amount)] if action.amount is not None else []
        return " ".join([words, *extra])
    amount = action.amount if action.amount is not None else 1
    if action.verb == "trash_any_sources" and action.selector is not None and action.selector.count is None:
        template = "trash {n} digivolution cards in all from {t}"  # N in all (QA Q2393, Q4289)
    if target == "them" and template.startswith("{t}"):
        target = "they"  # the subject of the sentence
    words = template.format(
        timed=f"{printed(action.timing)} " if action.timing else "",
        t=target,
        c=cards(action.card),
        n=amount,
        k=_keyword(action.keyword or "", action.keyword_value),
        timing=printed(action.timing or "", "[]"),
        op=_owner_word(action.selector),
        nc="card" if amount == 1 else f"{amount} cards",
        tcolor=_alts(action.selector.color.lower(), brackets=False)
        if action.selector and action.selector.color
        else "another color",
        cb=cards(action.card, bare=True),
        trait=_alts(action.selector.trait) if action.selector and action.selector.trait else "",
        adds="add" if _who(action) == "self" else "adds",
        loses="lose" if _who(action) == "self" else "loses",
        ns="digivolution card" if amount == 1 else f"{amount} digivolution cards",
        gets="gets" if _singular(action) else "get",
        gains="gains" if _singular(action) else "gain",
        rule=_rule(action.keyword) + (f" (to {cards(action.selector)})" if action.selector else ""),
        token=f"[{action.card.name}] token" + ("s" if amount != 1 else "")
        if action.card and action.card.name
        else "token(s)",
        o={"opponent": "your opponent", "self": "you", "any": "each player"}[
            action.selector.owner if action.selector else "opponent"
        ],
    )
    if (
        action.verb
        in (
            "play_card",
            "digivolve",
            "play_self",
            "use_option",
            "play_to_breeding",
            "play_or_use_card",
            "play_each",
            "digivolve_permission",
            "digivolve_onto_tamer",
        )
        and action.free
    ):
        words += " without paying the cost"
    elif action.verb in ("play_card", "digivolve") and action.amount:
        words += f" with the cost reduced by {action.amount}"
    if action.cost is not None:
        words += f" for a cost of {action.cost}"
    if action.ignore_requirements:
        words += " ignoring its requirements"
    if action.ignore_level:
        words += " ignoring its level"
    if action.suspended:
        words += " suspended"
    if action.without_battling:
        words += " without battling"
    return words


def _per(action: Action) -> str:
    """'each yellow or red Tamer you have', 'every 2 cards in your trash': what 'for each' counts."""
    per = action.per
    assert per is not None
    every = f"every {action.per_every} " if action.per_every else "each "
    what = cards(per.model_copy(update={"count": None if action.per_every else 1}), bare=True)
    if per.zone == "battle_area":
        what += {"self": " you have", "opponent": " your opponent has"}.get(per.owner, " in play")
    elif per.zone in _ZONES:
        what += " " + _ZONES[per.zone].format(p=_possessive(per.owner))
    if action.per_done:
        what += f" ({action.per_done.replace('_', ' ')})"
    return every + what + (" (its colors counted)" if action.per_colors else "")


def action_words(action: Action) -> str:
    """One cost or action in words, with its multiplier, duration, delay and 'you may'.

    >>> action_words(Action(verb="dp_modify", selector=Selector(owner="self", this=True), amount=2000,
    ...                     duration="until_end_of_opponents_turn", optional=True))
    "you may: this Digimon gets +2000 DP until the end of your opponent's turn"
    """
    if not action.compiled:
        return f"not understood: {action.span!r}"
    words = _verb_words(action)
    if action.modes:
        head = "activate this effect" if action.verb == "repeat_effect" else "activate 1 of these effects"
        words = f"{head}: " + "; ".join(
            f"({n}) {reads(mode, with_trigger=False).rstrip('.')}" for n, mode in enumerate(action.modes, 1)
        )
    if action.granted is not None:
        words = f'{cards(action.selector)} gains the effect "{reads(action.granted)}"'
    duration = _DURATIONS.get(action.duration)
    if duration:
        words += f" {duration}"
    if action.per is not None:
        words += f" for {_per(action)}"
    if action.times and action.times > 1:
        words += ", twice" if action.times == 2 else f", {action.times} times"
    if action.processed_at:
        words = f"{_POINTS.get(action.processed_at, action.processed_at)}, {words}"
    if action.pays:
        words = f"by paying: {words} (a cost; the rest happens only if it is paid)"
    return f"you may: {words}" if action.optional else words


# -- conditions

_CONDITIONS = {
    "memory_at_most": "you have {n} memory or less",
    "memory_at_least": "you have {n} memory or more",
    "opponent_memory_at_least": "your opponent has {n} memory or more",
    "opponent_memory_at_most": "your opponent has {n} memory or less",
    "security_at_most": "you have {n} or fewer security cards",
    "security_at_least": "you have {n} or more security cards",
    "opponent_security_at_most": "your opponent has {n} or fewer security cards",
    "opponent_security_at_least": "your opponent has {n} or more security cards",
    "total_security_at_most": "both players have {n} or fewer security cards in total",
    "hand_at_most": "you have {n} or fewer cards in your hand",
    "hand_at_least": "you have {n} or more cards in your hand",
    "opponent_hand_at_least": "your opponent has {n} or more cards in their hand",
    "opponent_hand_at_most": "your opponent has {n} or fewer cards in their hand",
    "trash_at_least": "you have {n} or more {s} in your trash",
    "opponent_trash_at_least": "your opponent has {n} or more cards in their trash",
    "opponent_trash_at_most": "your opponent has {n} or fewer cards in their trash",
    "face_up_security_at_least": "you have {n} or more face-up security cards",
    "has_card": "{who} {has} {a}",
    "has_at_most": "{who} {has} {n} or fewer {b}",
    "this_matches": "this card is {a}",
    "this_suspended": "this card is suspended",
    "sources_include": "this card's digivolution cards include {n} or more {b}",
    "digimon_sources_include": "one of your Digimon has {n} or more {b} in its digivolution cards",
    "this_sources_at_least": "this card has {n} or more digivolution cards",
    "your_turn": "it is your turn",
    "attacking": "this Digimon is attacking",
    "during_attack": "during an attack",
    "effect_deleted": "this effect deleted {a}",
    "effect_trashed": "this effect trashed {a}",
    "effect_suspended": "this effect suspended {a}",
    "effect_returned": "this effect returned {a}",
    "effect_played": "this effect played {a}",
    "effect_placed": "this effect placed {a}",
    "effect_added": "this effect added {a} to the hand",
    "effect_digivolved": "this effect digivolved {a}",
    "effect_unsuspended": "this effect unsuspended {a}",
    "effect_done": "you did",
    "dna_digivolving": "this was a DNA digivolution",
    "digixrosing": "this was played with DigiXros",
    "deleted_in_battle": "it was deleted in battle",
    "played_by_effect": "it was played by an effect",
    "event_subject_matches": "any of them is {a}",
    "that_matches": "that card is {a}",
    "holder_matched": "this card was {a}",
    "this_colors_at_least": "this card has {n} or more colors",
    "attacker_matches": "the attacking Digimon is {a}",
    "digivolving_from_trash": "it digivolved from the trash",
    "tamers_colors_at_least": "your Tamers have {n} or more colors",
    "played_from_sources": "it was played from digivolution cards",
    "played_or_digivolved_by_effect": "it was played or digivolved by an effect",
    "this_has_on_play_effect": "this Digimon has an [On Play] effect",
    "hand_fewer_than_opponent": "you have fewer cards in your hand than your opponent",
    "security_fewer_than_opponent": "you have fewer security cards than your opponent",
    "security_more_than_opponent": "you have more security cards than your opponent",
    "attacks_digimon": "you attack one of your opponent's Digimon",
    "deleted_by_effect": "it was deleted by an effect",
    "effect_trashed_fitting": "this effect trashed {a}",
    "this_same_level_at_least": "you have {n} or more Digimon of this card's level",
}


def article(words: str) -> str:
    """'a card', 'an unsuspended Digimon'.

    >>> article("unsuspended Digimon"), article("[Agumon] card")
    ('an unsuspended Digimon', 'a [Agumon] card')
    """
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def condition_words(cond: Condition, persistent: bool = False) -> str:
    """A processing or 'while' condition in words.

    >>> condition_words(Condition(kind="memory_at_most", amount=2))
    'if you have 2 memory or less'
    """
    if not cond.compiled:
        return f"not understood: {cond.span!r}"
    if cond.kind == "either":
        return ("while " if persistent else "if ") + " or ".join(
            condition_words(c).removeprefix("if ") for c in cond.either
        )
    sel = cond.selector
    template = _CONDITIONS.get(cond.kind)
    if template is None:
        words = cond.kind.replace("_", " ") + (f" {cond.amount}" if cond.amount is not None else "")
        words += f" ({cards(sel)})" if sel is not None else ""
    else:
        who = (
            "you"
            if sel is None or sel.owner == "self"
            else "your opponent"
            if sel.owner == "opponent"
            else "a player"
        )
        bare = cards(sel, bare=True) if sel is not None else "card"
        one = cards(sel.model_copy(update={"count": 1}), bare=True) if sel is not None else "card"
        words = template.format(
            n=cond.amount if cond.amount is not None else 1,
            who=who,
            has="have" if who == "you" else "has",
            a=article(one),
            b=bare,
            s=cards(sel, bare=True) if sel is not None else "cards",
        )
    return f"unless {words}" if cond.negated else f"{'while' if persistent else 'if'} {words}"


# -- triggers

#: Event -> (what the subject does, what the object does to the subject: 'this Digimon deletes …').
_EVENTS = {
    "CardPlayed": "is played",
    "Digivolved": "digivolves",
    "AttackDeclared": "attacks",
    "Deleted": "is deleted",
    "SecurityCardChecked": "is checked as a security card",
    "AttackEnded": "ends its attack",
    "Blocked": "blocks",
    "Suspended": "suspends",
    "Unsuspended": "unsuspends",
    "WouldBeDeleted": "would be deleted",
    "WouldBePlayed": "would be played",
    "WouldDigivolve": "would be digivolved into",
    "WouldBePlayedOrDigivolve": "would be played or digivolved into",
    "WouldLeaveBattleArea": "would leave the battle area",
    "DeletedInBattle": "is deleted in battle",
    "Linked": "is linked",
    "SourcePlaced": "is placed as a digivolution card",
    "SourceTrashed": "is trashed from digivolution cards",
    "Moved": "moves from the breeding area",
    "WonBattle": "wins a battle",
    "AttackTargetSwitched": "has its attack target switched",
    "TrashedFromHand": "is trashed from the hand",
    "TrashedFromDeck": "is trashed from the deck",
    "AddedToHand": "is added to the hand",
    "OptionUsed": "is used (an Option card)",
    "PlayedOrDigivolved": "is played or digivolves",
    "SecurityCardAdded": "is added to the security stack",
    "TrashedFromSecurity": "is trashed from the security stack",
    "TrashedFromBattleArea": "is trashed from play",
    "PlayedOrPlaced": "is played or placed",
    "PlayedOrDeleted": "is played or deleted",
    "PlayedOrSuspended": "is played or suspends",
    "SecurityCardFlipped": "is flipped face up in the security stack",
    "SecurityCardAddedOrFlipped": "is added to the security stack or flipped face up",
    "OptionPlaced": "is placed in the battle area (an Option card)",
    "TrashedFromDeckOrSecurity": "is trashed from the deck or the security stack",
    "SecurityCardRemoved": "leaves a security stack",
}
_OBJECT = {
    "DeletedInBattle": "{o} deletes {s} in battle",
    "WouldDigivolve": "{o} would digivolve into {s}",
    "Linked": "{s} is linked to {o}",
    "SourcePlaced": "{s} is placed under {o}",
    "SourceTrashed": "{s} is trashed from under {o}",
    "TrashedFromLinks": "{s} is trashed from {o}'s links",
    "SourceReturnedToDeck": "{s} is returned to the deck from under {o}",
    "SecurityCardChecked": "{s} is checked by {o}",
}
#: Trigger conditions about the event's other card (its object) and how they say it.
_OTHER = {"OtherIsOwn": "your", "OtherIsOpponents": "your opponent's"}
_OTHER_KIND = {"OtherIsDigimon": "Digimon", "OtherIsPlayer": "player"}
#: Trigger conditions said in the sentence itself.
_SAID = {"OnlyThisDeleted": "and survives", "ThisSurvives": "and survives"}
#: Timings that are moments, not events: the start or end of a turn or phase.
_MOMENTS = {
    "TurnStarted": "at the start of {w} turn",
    "MainPhaseStarted": "at the start of {w} main phase",
    "TurnEnding": "at the end of {w} turn",
}
_SUBJECT_CODES = {"SubjectIsOwn", "SubjectIsOpponents", "SubjectIsDigimon", "SubjectIsOther"}
_WINDOWS = {
    "YourTurn": "during your turn",
    "OpponentsTurn": "during your opponent's turn",
    "AllTurns": "at all times",
}


def _subject(trigger: Trigger) -> str:
    requires = set(trigger.requires)
    if trigger.this_role == "SubjectRole":  # with what it must be while it triggers, if anything
        sel = trigger.selector
        return cards(sel) if sel is not None and sel.this and cards(sel).count(" ") > 1 else "this card"
    if trigger.selector is not None:
        sel = trigger.selector
        noun = cards(sel, bare=True)
        owner = _possessive(sel.owner) if sel.owner != "any" else ""
        if "SubjectIsOwn" in requires:
            owner = "your"
        if "SubjectIsOpponents" in requires:
            owner = "your opponent's"
        if owner:
            return f"one of {owner} {noun}".replace("  ", " ")
        return article(cards(sel.model_copy(update={"count": 1}), bare=True))
    owner = (
        "your"
        if "SubjectIsOwn" in requires
        else "your opponent's"
        if "SubjectIsOpponents" in requires
        else ""
    )
    noun = "Digimon" if "SubjectIsDigimon" in requires or trigger.event == "AttackDeclared" else "cards"
    other = "other " if "SubjectIsOther" in requires else ""
    return (
        f"one of {owner} {other}{noun}".replace("  ", " ")
        if owner
        else f"a{'n' if other else ''} {other}card"
    )


def _happening(trigger: Trigger, timings: list[str]) -> str:
    """'when this card is played', 'at the start of your turn': the trigger's event in words."""
    requires = [r for r in trigger.requires if r not in _SUBJECT_CODES]
    if trigger.event in _MOMENTS:
        yours = "IsOwnersTurn" in trigger.requires or any("OfYour" in t for t in timings)
        theirs = any("OfOpponents" in t for t in timings)
        words = _MOMENTS[trigger.event].format(w="your" if yours else "your opponent's" if theirs else "each")
        requires = [r for r in requires if r != "IsOwnersTurn"]
    elif trigger.event in _OBJECT and (
        trigger.this_role == "ObjectRole"
        or trigger.object_selector is not None
        or set(trigger.requires) & (set(_OTHER) | set(_OTHER_KIND))
    ):
        subject = (
            _subject(trigger.model_copy(update={"this_role": "AnyRole"}))
            if trigger.selector or set(trigger.requires) & _SUBJECT_CODES
            else "a card"
        )
        if trigger.this_role == "SubjectRole":
            subject = "this card"
        words = "when " + _OBJECT[trigger.event].format(s=subject, o=_other(trigger))
        requires = [r for r in requires if r not in _OTHER and r not in _OTHER_KIND]
    else:
        happens = _EVENTS.get(trigger.event, f"is {_labels().get(trigger.event, trigger.event)}")
        words = f"when {_subject(trigger)} {happens}"
        if trigger.object_selector is not None:
            words += f" ({cards(trigger.object_selector, bare=True)} involved)"
    said = [
        f" {_SAID[r]}" if r != "OnlyThisDeleted" or " deletes " in words else " after losing the battle"
        for r in requires
        if r in _SAID
    ]
    return words + "".join(said) + "".join(f", {_labels().get(r, r)}" for r in requires if r not in _SAID)


def _other(trigger: Trigger) -> str:
    """The event's other card (its object): this card, or what the trigger asks of it."""
    if trigger.this_role == "ObjectRole":
        return "this card"
    if trigger.object_selector is not None:
        sel = trigger.object_selector
        return (
            f"one of {_possessive(sel.owner)} {cards(sel, bare=True)}"
            if sel.owner != "any"
            else article(cards(sel.model_copy(update={"count": 1}), bare=True))
        )
    owner = next((_OTHER[r] for r in trigger.requires if r in _OTHER), "")
    noun = next((_OTHER_KIND[r] for r in trigger.requires if r in _OTHER_KIND), "card")
    return f"one of {owner} {noun}" if owner else article(noun)


def _trigger_of(name: str) -> Trigger | None:
    """The trigger the ontology gives a timing or a keyword (its event, role and conditions)."""
    meaning = table().get(name)
    if meaning is None or meaning.event is None:
        return None
    return Trigger(
        event=meaning.event, this_role=meaning.role or "SubjectRole", requires=list(meaning.requires)
    )


def trigger_words(record: EffectRecord) -> str:
    """When the effect happens, in words, with its printed timing; several trigger timings
    ('[On Play] [When Digivolving]') each say their own event."""
    compiled = record.compiled
    tags = " ".join(printed(t) for t in record.timings)
    trigger = compiled.trigger
    keyword = next((a.keyword for a in compiled.actions if a.verb == "keyword" and a.keyword), None)
    if trigger is None and not record.timings and keyword is not None:  # a keyword effect: its own rules
        trigger, tags = _trigger_of(keyword), printed(keyword, "<>")
        if compiled.category == "Persistent" or trigger is None:
            return "Keyword effect"
    if compiled.category == "Persistent":
        windows = [_WINDOWS.get(t, printed(t)) for t in record.timings]
        return "Persistent, " + " and ".join(windows or ["at all times"]) + (f" {tags}" if tags else "")
    if compiled.category == "ActivationType":
        when = {"Main": "in your main phase", "Counter": "at the counter timing"}
        return (
            " ".join(["Activated", *(when.get(t, "") for t in record.timings), tags])
            .replace("  ", " ")
            .strip()
        )
    if compiled.category == "Rule" or trigger is None:
        return f"{'A rule' if compiled.category == 'Rule' else 'Processed'} {tags}".strip()
    others = [_trigger_of(t) for t in record.timings]
    events = [trigger] + [t for t in others if t is not None and t.event != trigger.event]
    said = list(dict.fromkeys(_happening(t, record.timings) for t in events))
    words = " or ".join(
        [
            said[0],
            *(
                w.removeprefix("when this card ") if said[0].startswith("when this card ") else w
                for w in said[1:]
            ),
        ]
    )
    return f"{words[0].upper()}{words[1:]} {tags}".strip()


# -- the whole effect


def clauses(record: EffectRecord, kind: str = "card") -> list[Clause]:
    """The parts of an effect in words, in the order they apply; ``kind``: what the effect's card is
    (``Digimon``, ``Tamer``), so that its trigger says 'when this Digimon …'."""
    compiled = record.compiled
    found: list[Clause] = []
    holder = "Digimon" if record.part == "inherited" else kind
    if compiled.trigger_compiled:
        found.append(
            Clause(
                "trigger",
                trigger_words(record).replace("this card", f"this {holder}"),
                True,
                compiled.trigger.span if compiled.trigger else "",
            )
        )
    else:
        found.append(Clause("trigger", "not understood: when the effect happens", False, record.text))
    found += [Clause("limit", printed(t).strip("[]").lower(), True, printed(t)) for t in record.tags]
    governed = {i for c in compiled.conditions for i in c.governs}
    persistent = compiled.category == "Persistent"
    for cond in compiled.conditions:
        if not cond.governs:
            found.append(Clause("condition", condition_words(cond, persistent), cond.compiled, cond.span))
    found += [Clause("cost", action_words(c), c.compiled, c.span) for c in compiled.costs]
    for i, action in enumerate(compiled.actions):
        if i in governed:
            found += [
                Clause("condition", condition_words(c, persistent), c.compiled, c.span)
                for c in compiled.conditions
                if c.governs and c.governs[0] == i
            ]
        words = action_words(action)
        found.append(
            Clause(
                "action",
                words.replace(" while the condition holds", "") if persistent else words,
                action.compiled,
                action.span,
            )
        )
    if not compiled.actions and not compiled.costs:
        has = [_keyword(k.keyword, k.value) for k in record.keywords if k.how == "has"]
        if has:
            found.append(Clause("keyword", "has " + ", ".join(has), True, record.text))
        else:
            found.append(Clause("action", f"not understood: {record.text!r}", False, record.text))
    return list(dict.fromkeys(found))


def reads(record: EffectRecord, *, with_trigger: bool = True, kind: str = "card") -> str:
    """The whole effect in one line: its trigger, then what it does.

    >>> from ingest.effects import compile_card
    >>> (e,) = compile_card("X-1", "[Your Turn] This Digimon gets +1000 DP.")
    >>> reads(e)
    'Persistent, during your turn [Your Turn]: this Digimon gets +1000 DP.'
    """
    parts = clauses(record, kind)
    head = parts[0].words if parts and parts[0].part == "trigger" else ""
    body: list[str] = []
    for clause in parts[1:] if head else parts:
        words = clause.words
        if clause.part == "limit":
            body.append(f"({words})")
        elif clause.part == "cost":
            body.append(f"cost: {words};")
        elif clause.part == "condition":
            body.append(f"{words},")
        else:
            body.append(f"{words};" if clause is not parts[-1] else words)
    text = " ".join(body).rstrip(";,") + "."
    return f"{head}: {text}" if with_trigger and head else text
