"""Every code the effect compiler can emit, by family, and the codes one compiled effect uses.

The solver runs an effect only if it knows every code the effect uses: ``codes_of`` lists them
(family, code, the text span it came from), and the sets below are the whole of what the
compiler can produce. ``tests/ingest/test_compiler_vocabulary.py`` checks both ways: every code
a template writes is declared here, every declared code is written by some template, and every
code of the compiled corpus is declared (or, for ontology families, is an ontology local name).

``"unknown"`` is a code too: the verb or condition kind of text no template understood (the
part has ``compiled=False``); no solver can run it.

>>> from ingest.effects import compile_card
>>> (e,) = compile_card("X-1", "[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.")
>>> [f"{family}:{code}" for family, code, _ in codes_of(e)]  # doctest: +NORMALIZE_WHITESPACE
['timing:OnPlay', 'event:CardPlayed', 'verb:delete', 'duration:instant', 'zone:battle_area']
"""

from __future__ import annotations

from functools import lru_cache

from rdflib.namespace import RDF

import ontology
from ingest.compiler.semantics import table
from ingest.effect_ir import Action, Condition, EffectRecord, Selector
from ontology import DCG

#: ``Action.verb`` of costs and actions (what the state machine must know how to do).
VERBS: frozenset[str] = frozenset({
    # cards in play
    "delete", "suspend", "unsuspend", "return_to_hand", "return_to_deck", "de_digivolve",
    "return_to_deck_top",  # 'return 1 of your opponent's … Digimon to the top of the deck': removal.py
    "change_attack_target", "end_attack", "attack", "prevent", "keyword",
    "choose", "choose_more",  # choosing Digimon for the actions after: ingest/compiler/removal.py
    "attack_player", "attack_digimon",
    "attack_without_suspending",  # 'this Digimon may attack without suspending': self_phrases.py
    "battle_by_effect",  # 'this Digimon may battle 1 of your opponent's Digimon': self_phrases.py
    # modifiers and restrictions (lasting: see ``ingest.compiler.LASTING``)
    "dp_modify", "gain_keyword", "gain_effect", "cant_attack", "cant_attack_players", "cant_block",
    "cant_suspend", "cant_unsuspend", "also_named", "also_meets_colors",
    "also_has_trait",  # 'this card/Digimon is also treated as having the [Cyborg] trait': more_actions.py
    "xros_also_named",  # 'this card is also treated as [Shoutmon] for a DigiXros': xros_phrases.py
    "dna_treated_as",  # '[Examon] in your hand can treat this Digimon as level 6 for DNA …': xros_phrases.py
    "app_fuse",  # '1 of your Digimon may app fuse into a Digimon card in the hand': xros_phrases.py
    "xros_from_zone",  # '… can also place cards from your trash … for a DigiXros': xros_phrases.py
    "cant_digivolve", "cant_change_attack_target", "cant_be_deleted", "cant_be_deleted_in_battle",
    "cant_be_deleted_by_opponents_effects", "ignore_color_requirements",
    "cant_activate", "cant_be_blocked", "cant_be_attacked", "can_attack_unsuspended",
    "cant_gain_memory_except_by_tamers", "skips_next_unsuspend", "cant_be_returned",
    "cant_be_returned_by_opponents_effects",
    "gain_source_effects", "unaffected", "cant_have_dp_reduced",  # ingest/compiler/static_phrases.py
    "digivolves_only_into", "also_colored", "no_option_security", "cant_attack_digimon",
    "unaffected_by_keyword",  # 'isn't affected by <De-Digivolve> effects': static_phrases.py
    "set_original_dp",  # 'change the original DP of 1 of … to 3000 for the turn': original_dp_phrases.py
    # players: memory, drawing, the deck
    "gain_memory", "lose_memory", "set_memory", "draw", "recovery", "trash_deck",
    "recovery_until",  # '<Recovery +1 (Deck)> until there are 3 cards in …': keyword_phrases.py
    # security stacks
    "trash_security", "security_to_hand", "bottom_security_to_hand", "trash_bottom_security",
    "place_self_face_up_bottom_security",
    "place_self_face_up_top_security",  # 'place this card face up as the top security card': place.py
    "flip_security_face_up",  # 'flip your opponent's top face-down security card face up': face_phrases.py
    "face_down_security_to_hand",  # 'add your top face-down security card to the hand': face_phrases.py
    "place_security_bottom_face_up",  # a hand or trash card, face up (as a cost: costs.py)
    "place_security_top", "place_security_bottom",  # from the hand or trash: more_actions.py
    "place_security_top_in_order",  # 'place all … on top of their owners' security stacks in any order'
    "opponent_places_security_bottom",  # 'they place 1 card from their hand as the bottom security card'
    "top_card_to_security",  # a Digimon's top card on top of the security stack: ingest/compiler/place.py
    # digivolution cards
    "trash_source", "trash_top_sources", "trash_bottom_sources", "trash_any_sources",
    "trash_bottom_sources_up_to",  # 'trash up to 2 digivolution cards from the bottom of …' (removal.py)
    "trash_all_sources", "place_under", "trash_bottom_face_down",
    "place_under_face_down", "place_deck_top_face_down",  # face down (CR 4-7-9): face_phrases.py
    "link_card",  # a card linked by an effect (CR 10-1-3): ingest/compiler/place.py
    "place_card",  # a card of a zone placed in the battle area, not played: ingest/compiler/place.py
    "place_security_top_or_bottom",  # the player chooses the end: ingest/compiler/place.py
    "place_under_top",  # as this Digimon's top digivolution card: ingest/compiler/place.py
    # this card and cards in other zones
    "play_self", "place_self", "add_self_to_hand", "activate_effect", "play_card", "digivolve",
    "dna_digivolve", "dna_digivolve_with_this", "digivolve_onto_tamer",
    "digivolve_permission",  # a persistent 'X can digivolve into Y for a cost of 4, ignoring …': digivolve.py
    "play_token",  # tokens (CR 4-21): ingest/compiler/more_actions.py
    "next_time_effect",  # 'the next time … would digivolve this turn': ingest/compiler/next_time_phrases.py
    "use_option",  # an Option card used by an effect (CR 9-1): ingest/compiler/more_actions.py
    "play_to_breeding", "play_or_use_card", "play_each", "play_within_total",  # ingest/compiler/play.py
    "return_or_play",  # one card added to the hand or played, as the player chooses: ingest/compiler/play.py
    "cant_play_digimon_by_effects",  # consulted by the plays of effects: kg/solver/handlers/play_rules.py
    "cant_ignore_digivolution_requirements",  # consulted by digivolutions of effects: play_rules.py
    "cant_reduce_play_costs",  # consulted when a play cost is paid: kg/solver/handlers/play_rules.py
    "cant_reduce_digivolution_costs",  # consulted when a digivolution cost is paid: play_rules.py
    "cant_play_by_effects", "cant_use_options",  # lasting, for a player: kg/solver/handlers/play_rules.py
    "options_barred",  # persistent 'can't use Option cards' (option_bars.py), consulted by play_rules.py
    "hatch",  # the top Digi-Egg into the empty breeding area (CR 4-18): breeding_phrases.py
    "attacks_only_suspended",  # 'can only attack suspended Digimon': kg/solver/board.py can_attack
    "cant_unsuspend_in_unsuspend_phase",  # persistent, read by kg/solver/moves.py unsuspend
    "opponent_may_trash_card",  # the opponent chooses (more_actions.py)
    "opponent_trashes_card",  # mandatory, the opponent choosing which (opponent_phrases.py)
    "trash_hand_to",  # 'trash cards in your hand until it has 4 left' (removal.py)
    "hand_to_deck_bottom",  # 'return 1 card in your hand to the bottom of the deck' (if_phrases.py)
    "hand_to_deck_top",  # 'reveal 1 purple card from your hand and place it on …' (hand_top_phrases.py)
    "trash_security_to",  # '… security stack so that it has 1 card left' (removal.py)
    "trash_deck_up_to",  # 'trash up to 3 cards from the top of your deck' (deck_phrases.py)
    "trash_chosen_security",  # 'trash any 1 of your opponent's security cards' (removal.py)
    "opponent_may_delete", "opponent_may_trash_security", "opponent_may_play_card",  # opponent_phrases.py
    "choose_effects",  # 'activate 1 of the effects below' (modal.py)
    "pay_either",  # 'by deleting this Digimon or returning 1 …': either_costs.py, either_cost.py
    "egg_to_egg_deck_bottom", "security_under_face_down",  # as costs: cost_phrases_s19.py, zone_costs.py
    "top_stacked_card_to_hand",  # as a cost: cost_phrases_s19.py, by_costs.py
    "do_either",  # 'suspend 1 of …, or 2 of … with 5000 DP or less': either_phrases.py, one_of_two.py
    "repeat_effect",  # 'activate the following effect twice' (activations.py)
    "add_or_place",  # 'add 1 X among them to the hand or place 1 such card as …' (deck_moves.py)
    "trash_card", "reveal", "add_to_hand", "rest_to_deck", "rest_to_deck_top", "trash_rest",
    "return_cards_to_deck", "return_cards_to_deck_top",  # from a trash, as a cost: costs.py
    "trash_link_cards", "trash_top_or_bottom_security", "top_to_bottom_source",  # as costs: costs.py
    "trash_option_in_play", "trash_sources_of_your_digimon", "sources_to_hand",  # as costs: cost_phrases.py
    "sources_to_deck_bottom", "trash_same_level_sources", "top_or_bottom_security_to_hand",  # cost_phrases.py
    "trash_security_of_most", "trash_hand_or_own_sources", "trash_hand_or_digimon_sources",  # by_cost_phrases
    "trash_top_stacked_card", "trash_your_link_cards",  # as costs: by_cost_phrases.py
    "revealed_to_top_or_bottom",  # the player chooses: ingest/compiler/deck_phrases.py
    "search_security", "shuffle_security", "rest_to_hand", "look_deck_top",  # reveal_phrases.py
    "trash_top_cards",  # 'trash the top card of this Digimon': ingest/compiler/deck_phrases.py
    # costs
    "reduce_cost", "reduce_play_cost", "reduce_digivolve_cost",
    "increase_digivolve_cost",  # 'increase the digivolution cost by N': cost_change_phrases.py
    "reduce_play_or_digivolve_cost",  # 'reduce the play or digivolution cost by N': the same
    "reduce_own_cost_in_hand",  # 'reduce the memory cost of this card in your hand by N': more_actions.py
    # a number of the effect itself: its maximum DP, level, play cost, number of cards (effect_numbers.py)
    "raise_max_dp", "raise_deletion_max_dp", "raise_max_level", "raise_max_cost", "raise_count",
    "raise_deletions_max_dp",  # every DP-based deletion effect of the player (or of this Digimon)
    "reduce_effect_play_cost", "reduce_effect_digivolve_cost",  # 'reduce this effect's play cost by 1'
    "raise_dp_reduction",  # 'increase the DP reduction of this effect by -3000' (number_phrases.py)
    "deck_copies",  # '(Rule) You can include up to 50 copies …': deck building only (rule_phrases.py)
    "move_from_breeding",  # 'move 1 of your Digimon from the breeding area to …' (breeding_phrases.py)
    # not understood
    "unknown",
})

#: Condition kinds that depend on the state of the game at one moment: they may govern a
#: persistent effect ('while …', CR 15-8-2-2) as well as a processing condition.
_STATE_KINDS: frozenset[str] = frozenset({
    "memory_at_most", "memory_at_least", "opponent_memory_at_least",
    "trash_at_least", "opponent_trash_at_least", "opponent_trash_at_most",
    "hand_at_most", "hand_at_least", "opponent_hand_at_least", "opponent_hand_at_most",
    "security_at_most", "security_at_least", "opponent_security_at_most",
    "opponent_security_at_least", "total_security_at_most", "face_up_security_at_least",
    "this_matches", "this_suspended", "this_sources_at_least", "sources_include",
    "has_card", "has_at_most", "your_turn", "this_colors_at_least", "this_same_level_at_least", "attacking",
    "security_fewer_than_opponent", "hand_fewer_than_opponent",
    "either_trash_at_least", "security_at_most_opponents",  # conditions.py
    "during_attack", "tamers_colors_at_least", "security_more_than_opponent", "opponent_memory_at_most",
    "more_than_opponent", "fewer_than_opponent", "breeding_matches",  # condition_phrases.py
    "more_sources_than_this", "as_many_sources_as_this", "digimon_sources_include",  # condition_phrases.py
    "sources_colors_at_least",  # condition_phrases.py
    "different_names_at_least", "digimon_sources_at_least",  # condition_phrases.py
    "either",  # 'if X or Y': one of Condition.either holds
    "unknown",
})
#: Condition kinds about what happened: this effect's earlier actions ('if this effect deleted
#: …', 'if you did'), how it was triggered ('if DNA digivolving', 'if deleted outside battle').
_EVENT_KINDS: frozenset[str] = frozenset({
    "effect_deleted", "effect_trashed", "effect_suspended", "effect_returned", "effect_played",
    "effect_placed", "effect_digivolved", "effect_dna_digivolved", "effect_added",
    "effect_done", "dna_digivolving", "deleted_in_battle", "digixrosing",
    "played_by_effect", "digivolving_from_trash", "event_subject_matches",
    "holder_matched",  # 'if this Digimon had …': condition_phrases.py
    "deleted_by_effect", "played_from_sources",  # condition_phrases.py
    "effect_unsuspended",  # 'if this effect unsuspended' (conditions.py)
    "effect_used",  # 'if you don't use an Option card with this effect' (conditions.py)
    "that_matches",  # 'if that Digimon has …': condition_phrases.py
    "played_or_digivolved_by_effect", "played_by_effect_of", "attacker_matches",  # cause_phrases.py
    "effect_trashed_fitting", "effect_deleted_dp_at_least", "effect_flipped",  # cause_phrases.py
})

#: Condition kinds about the state that are read only as processing conditions: their 'while' form
#: would look at the effects a Digimon has while those effects are being derived.
_PROCESSING_ONLY_KINDS: frozenset[str] = frozenset({
    "this_has_on_play_effect",
    "digivolved_this_turn", "opponent_attacked_this_turn",  # conditions.py (turn_history.py)
    "opponent_attacking",  # 'if one of their Digimon is attacking' (conditions.py)
    "attacks_digimon",  # 'if you attack one of your opponent's Digimon': condition_phrases.py
})

#: ``Condition.kind`` of processing conditions ('if …', checked on activation, CR 15-6).
CONDITION_KINDS: frozenset[str] = _STATE_KINDS | _EVENT_KINDS | _PROCESSING_ONLY_KINDS

#: ``Condition.kind`` of the conditions of persistent effects ('while …', CR 15-8-2): only state
#: kinds; the compiler turns any other kind in a persistent effect into ``unknown``.
WHILE_KINDS: frozenset[str] = _STATE_KINDS

#: ``Action.duration``: once, for a span of turns, or as long as a persistent effect applies.
DURATIONS: frozenset[str] = frozenset({
    "instant", "this_turn", "this_attack", "until_end_of_opponents_turn", "until_end_of_opponents_next_turn",
    "until_end_of_your_turn",
    "until_end_of_your_next_turn", "while_condition", "permanent",
})

#: ``Selector.zone``: where the selected cards are.
ZONES: frozenset[str] = frozenset({
    "battle_area", "hand", "trash", "hand_or_trash", "sources", "hand_or_sources", "security",
    "under_tamers", "deck", "revealed",
    # the digivolution cards of one of the owner's Digimon (of a colour): ingest/compiler/play.py
    "digimon_sources", "red_digimon_sources", "blue_digimon_sources", "yellow_digimon_sources",
    "green_digimon_sources", "black_digimon_sources", "purple_digimon_sources", "white_digimon_sources",
    "purple_or_blue_digimon_sources",  # of a Digimon of either colour (BT11-085): ingest/compiler/play.py
    "hand_or_digimon_sources",  # the hand or a Digimon's digivolution cards: ingest/compiler/play.py
    "trash_or_digimon_sources",  # the trash or a Digimon's digivolution cards: ingest/compiler/play.py
    "subject_sources",  # 'from that Digimon's digivolution cards' (the event's subject): play.py
    "trash_or_sources",  # linking by an effect: ingest/compiler/place.py
    "field",  # 'on the field': the battle area and the breeding area (CR 3-4-6)
    "breeding_area", "hand_or_under_tamers",  # placing cards under a Digimon: ingest/compiler/place.py
})

#: ``Action.processed_at``: the ProcessingPoint a delayed action waits for (CR 18-1).
PROCESSING_POINTS: frozenset[str] = frozenset({"EndOfTurnPoint", "EndOfBattlePoint",
                                                "EndOfOpponentsTurnPoint", "EndOfYourTurnPoint"})

#: ``Selector.extreme``: the one card with the highest or lowest DP, level or play cost.
SELECTOR_EXTREMES: frozenset[str] = frozenset({
    "highest_dp", "lowest_dp", "highest_level", "lowest_level", "highest_cost", "lowest_cost",
    "fewest_sources",  # 'with the fewest digivolution cards' (select.py)
})

#: The vocabulary of each family ``codes_of`` reports that the compiler declares itself; the
#: other families (event, trigger_condition, timing, usage_limit, keyword) are ontology local names.
FAMILIES: dict[str, frozenset[str]] = {
    "verb": VERBS,
    "condition": CONDITION_KINDS,
    "while": WHILE_KINDS,
    "duration": DURATIONS,
    "zone": ZONES,
    "point": PROCESSING_POINTS,
    "extreme": SELECTOR_EXTREMES,
}


@lru_cache(maxsize=1)
def _usage_limits() -> frozenset[str]:
    graph = ontology.vocabulary_graph()
    return frozenset(ontology.local(s) for s in graph.subjects(RDF.type, DCG.UsageLimit))


def _printed(name: str, brackets: str) -> str:
    """A timing, tag or keyword as printed ('[On Play]', '<Blocker>')."""
    meaning = table().get(name)
    printed = meaning.printed[0] if meaning is not None and meaning.printed else name
    return f"{brackets[0]}{printed}{brackets[1]}"


def _selector(selector: Selector | None, span: str) -> list[tuple[str, str, str]]:
    """The zone, extreme and keyword filters of a selector and of its alternatives."""
    if selector is None:
        return []
    found = [("zone", selector.zone, span)]
    if selector.extreme is not None:
        found.append(("extreme", selector.extreme, span))
    found += [("keyword", k, span) for k in [*selector.with_keywords, *selector.without_keywords]]
    for alternative in selector.any_of:
        found += _selector(alternative, span)
    return found


def _action(action: Action) -> list[tuple[str, str, str]]:
    span = action.span
    found = [("verb", action.verb, span), ("duration", action.duration, span)]
    if action.processed_at is not None:
        found.append(("point", action.processed_at, span))
    if action.keyword is not None:
        found.append(("keyword", action.keyword, span))
    if action.timing is not None:
        found.append(("timing", action.timing, span))
    for selector in (action.selector, action.card, action.per):
        found += _selector(selector, span)
    for mode in action.modes:  # the effects a modal choice picks from (ingest.compiler.modal_phrases)
        found += codes_of(mode)
    return found


def _condition(condition: Condition, family: str) -> list[tuple[str, str, str]]:
    return [(family, condition.kind, condition.span), *_selector(condition.selector, condition.span),
            *(code for sub in condition.either for code in _condition(sub, family))]  # 'if X or Y'


def codes_of(record: EffectRecord) -> list[tuple[str, str, str]]:
    """Each (family, code, span) one compiled effect uses, in the order: its timings, usage
    limits and keywords (has / grants), its trigger (event, trigger conditions, subject filter),
    its conditions, costs and actions (verb, duration, processing point, keyword, timing, and the
    zone / extreme / keyword filters of their selectors, nested ones included).

    Families: ``verb``, ``condition`` (conditions of a non-persistent effect), ``while``
    (conditions of a persistent effect: ``record.compiled.category == "Persistent"``),
    ``duration``, ``zone``, ``point``, ``extreme`` (``Selector.extreme``), and the ontology
    families ``event``, ``trigger_condition``, ``timing``, ``usage_limit``, ``keyword``. The
    span is the text the code was compiled from (for tags and keywords: as printed). A code
    appears once per place it is used; duplicates are kept.
    """
    compiled = record.compiled
    found: list[tuple[str, str, str]] = [("timing", t, _printed(t, "[]")) for t in record.timings]
    found += [("usage_limit", t, _printed(t, "[]")) for t in record.tags if t in _usage_limits()]
    found += [
        ("keyword", use.keyword, _printed(use.keyword, "<>"))
        for use in record.keywords
        if use.how in ("has", "grants")
    ]
    if compiled.trigger is not None:
        trigger = compiled.trigger
        found.append(("event", trigger.event, trigger.span))
        found += [("trigger_condition", r, trigger.span) for r in trigger.requires]
        found += _selector(trigger.selector, trigger.span)
        found += _selector(trigger.object_selector, trigger.span)
    family = "while" if compiled.category == "Persistent" else "condition"
    for condition in compiled.conditions:
        found += _condition(condition, family)
    for action in [*compiled.costs, *compiled.actions]:
        found += _action(action)
    return found
