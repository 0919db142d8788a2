"""An effect's action text -> conditions, costs and actions, sentence by sentence.

The text is cut into sentences ('. ', 'Then,', bullets); each sentence may open with a
processing condition ('If …,' CR 15-6), a cost ('By trashing …,') and 'you may'; what is left
must match the action templates (``actions``, ``zones``) whole. A sentence no
template matches becomes an action with ``compiled=False`` — never a guess.

>>> [a.verb for a in compile_body("Delete 1 of your opponent's Digimon with 4000 DP or less.")[2]]
['delete']
"""

from __future__ import annotations

import re

from ingest.compiler.actions import DURATION, match_action, one_choice, timings_of
from ingest.compiler.chosen_attack_phrases import check_chosen_attack
from ingest.compiler.conditions import compile_conditions
from ingest.compiler.costs import match_cost
from ingest.compiler.delayed_phrases import played_it, that_token
from ingest.compiler.digivolve import chosen_by_cost, match_digivolve
from ingest.compiler.duration_phrases import digivolved_one, per_predicate, point_at_digivolved
from ingest.compiler.effect_limits import limits_previous
from ingest.compiler.for_each_one_phrases import for_each_one
from ingest.compiler.grants import match_grant, quote_grants, restore_spans
from ingest.compiler.if_phrases import at_turn_end, match_hand_to_deck, named_one, same_wording, this_it
from ingest.compiler.it_attacks_phrases import it_attacks
from ingest.compiler.name_exception_phrases import exception_last
from ingest.compiler.name_lists import join_lists
from ingest.compiler.next_time_phrases import next_time
from ingest.compiler.number_phrases import condition_first, link
from ingest.compiler.opponent_phrases import match_opponent
from ingest.compiler.own_effect_phrases import own_effects
from ingest.compiler.per import by_count, multiply
from ingest.compiler.place import match_place, match_place_cost
from ingest.compiler.play import match_play
from ingest.compiler.played_fate_phrases import played_fate
from ingest.compiler.printed_slips import fix_slips
from ingest.compiler.referent_phrases import spelled_out
from ingest.compiler.removal import check_references
from ingest.compiler.reveal_phrases import one_revealed, searched
from ingest.compiler.reworded_phrases import match_reworded, subject_reference
from ingest.compiler.select import lower
from ingest.compiler.static_phrases import match_static
from ingest.compiler.subject_phrases import match_subject, they_also
from ingest.compiler.there_isnt_phrases import there_isnt
from ingest.compiler.this_with_phrases import this_with_as_while
from ingest.compiler.triggers import LIST_COMMA
from ingest.compiler.when_if_phrases import when_as_if
from ingest.compiler.xros_phrases import dna_digivolved
from ingest.compiler.zones import match_zone
from ingest.effect_ir import Action, Condition, Selector
from ingest.text import strip_reminders

#: The cut is not inside '[…]' nor inside a note in parentheses ('(…/6000 DP/<Blocker> <Guard>)', EX12-057;
#: '(…/<Blocker> <Decoy (Red/Black)>)', BT23-013).
_OUTSIDE_NAME = r"(?![^\[\]<>.]*\])(?!(?:[^()]|\([^()]*\))*\))"
#: A clause up to its comma; the commas inside '(other than [A], [B], or [C])' and of a list of names
#: ('[A], [B], or [C] in its name') are not its end (BT5-010).
_CLAUSE = rf"(?:\([^()]*\)|{LIST_COMMA}|[^,(])+"


_LINE_BREAK = re.compile(r"\s*\n\s*")
_GLUED_AFTER_KEYWORD = re.compile(r">(?=[A-Za-z])")
_CANNOT = re.compile(r"\bcannot\b")
_STOP_BEFORE_WITH = re.compile(r"\bDigimon\.\s+(?=with\b)")
_IN_ITS_NAME_TWICE = re.compile(r"\b(in (?:its|their) names?) \1\b")
_TRAIT_TWICE = re.compile(r"\btrait trait\b")
_PLAY_NAMED_TRAIT = re.compile(r"\b(play 1 \[(?:Shoto Kazama|Shoemon)\]) trait (?=from\b)")
_CLOSING_QUOTE = re.compile(r'(?<=\.)"$')
_TRAIT_WORD_LEFT_OUT = re.compile(r"\b((?:[Ww]ith|or) the (?:\[[^\]]+\]/?)+) (?=from )")
_TRAIT_ROM = re.compile(r"\btrait rom\b")
_CS_DIGIMON = re.compile(r"\[CS\] Digimon\b")
_LOWER_AFTER_STOP = re.compile(r"\.\s*(trash the rest|you may)\b")
_GAIN_GLUED = re.compile(r"\b(gains?|gets?)(?=[<+-])")
_VERB_GLUED_TO_NUMBER = re.compile(r"\b(Trash|trash|Delete|delete)(?=\d)")
_MAY_UNSUSPENDED = re.compile(r"\bmay unsuspended this\b")
_SENTENCE_CUT = re.compile(
    rf"(?<=[.>)])\s+(?=Then,)|(?<=[.>]){_OUTSIDE_NAME}\s+(?=[A-Z<(])|(?<=\.){_OUTSIDE_NAME}\s+(?=\d)|\n+|\s*・\s*"
)
_THEN = re.compile(r"^(?:Then(?:,\s*|\s+)|After,\s*)")


def sentences(body: str) -> list[str]:
    """Sentences of an action text: split at '. ', bullets and 'Then,' (outside brackets)."""
    text = _LINE_BREAK.sub("\n", strip_reminders(body.strip()))
    text = _GLUED_AFTER_KEYWORD.sub("> ", text)  # '<Raid>and' as some cards print it
    text = _CANNOT.sub("can't", text)
    # Misprints read as what they repeat: a stray period before 'with' ('Delete 1 of your opponent's
    # Digimon. with 4000 DP or less', BT21-068), a doubled 'in its name' (EX10-071), 'trait trait' (EX7-060).
    text = _STOP_BEFORE_WITH.sub("Digimon ", text)
    text = _IN_ITS_NAME_TWICE.sub(r"\1", text)
    text = _TRAIT_TWICE.sub("trait", text)
    # 'play 1 [Shoto Kazama] trait from your hand' (EX11-028, EX11-020 [Shoemon]): no card has that trait,
    # the card named so is meant (QA Q5826: EX11-028 plays EX11-062 [Shoto Kazama]). A stray closing
    # quote after the last full stop (EX11-040) is no text.
    text = _PLAY_NAMED_TRAIT.sub(r"\1 ", text)
    text = _CLOSING_QUOTE.sub("", text)
    # A trait without its word ('1 Digimon card with the [Blue Flare] from your trash', BT19-022; '… or
    # the [Hero] from your hand', BT21-028): 'with the [X]' names a trait only; 'trait rom' (BT19-001).
    text = _TRAIT_WORD_LEFT_OUT.sub(r"\1 trait ", text)
    text = _TRAIT_ROM.sub("trait from", text)
    text = _CS_DIGIMON.sub("[CS] trait Digimon", text)  # P-225: [CS] is a trait, no card's name
    text = _LOWER_AFTER_STOP.sub(lambda m: f". {m[1].capitalize()}", text)  # BT21-058
    text = _GAIN_GLUED.sub(r"\1 ", text)  # 'gains<Security Attack -2>', 'get-4000 DP'
    # 'Trash2 cards', 'delete1 of' (EX7-062), 'you may unsuspended this Digimon' (P-141)
    text = _VERB_GLUED_TO_NUMBER.sub(r"\1 ", text)
    text = _MAY_UNSUSPENDED.sub("may unsuspend this", text)
    text = join_lists(text)  # '[A], [B], or [C] in its name': one alternative (name_lists.py)
    text = fix_slips(text)  # one card's misprints: ingest/compiler/printed_slips.py
    text = exception_last(text)  # '[A] or [B] (other than [C]) in its name': after 'in its name'
    text = there_isnt(text)  # 'If there isn't, …': the earlier condition, negated (there_isnt_phrases.py)
    text = for_each_one(text)  # 'For each one, trash any 1 card under …' (for_each_one_phrases.py)
    # A full stop inside a name ('[Thomas H. Norstein]', '[J.P. Shibayama]', '[T.K. Takaishi]') ends no
    # sentence: no cut where a ']' closes the bracket before any other stop or bracket; nor does a
    # keyword inside a token's stats (EX12-057), a note the solver reads from the text (token_cards).
    parts = _SENTENCE_CUT.split(text)
    # 'Then add this card …' (BT1-096): early printings write 'Then' without its comma. 'After, …'
    # (BT25 on) is processed after what comes before it, as 'Then, …' is, and like it is skipped when
    # the effect's 'by …' condition is not performed (manual, 'by doing'; QA Q6758)
    cleaned = [_THEN.sub("", p).strip().rstrip(".").strip() for p in parts]
    # A reminder in parentheses after a sentence restates a keyword's rule: not an action.
    # So is one left open at the end of the text ('Trigger <Draw 1>. (Draw 1 card from your deck.', P-012).
    def reminder(c: str) -> bool:
        return c.startswith("(") and (c.endswith(")") or (")" not in c and c is cleaned[-1]))

    return [c for c in cleaned if c and not reminder(c)]


_ADD_SECURITY = r"add (?:the top card of your security stack|your top security card) to (?:the|your) hand"
_BY_FIRST = re.compile(r"by (.+?), (?!(?:and |or )?(?:1 )?\[)(.+)")
_BY_AFTER = re.compile(
    r"(.+?),? by ((?:trashing|suspending|deleting|returning|paying|placing|adding|decreasing) .+)")
_ADD_SECURITY_TO = re.compile(rf"({_ADD_SECURITY}) to ((?:unsuspend|gain|<draw|draw|delete|suspend) .+)")
_PAID_TO = re.compile(
    r"(suspend|trash|delete|return|place|pay|reveal) (.+?) "  # 'reveal … to have …' (BT7-045)
    r"to ((?:gain|<draw|draw|delete|suspend|unsuspend|end|"
    r"play|trigger|add|prevent|return|reduce|de-digivolve|<de-digivolve|give|have|<recovery|"
    r"activate|trash|reveal|use) .+)")  # BT5-088, BT8-049, EX2-060 (… to use …)
_ACTIVATE_KEYWORD = re.compile(r"^(?:trigger|activate) (?=<)")


def _split_cost(text: str) -> tuple[str | None, str]:
    """('trashing …', 'rest') from 'By trashing …, rest' or 'rest by trashing …'."""
    if _DNA_COST.search(text):  # 'DNA digivolve … by paying its DNA digivolve cost': how, not a cost
        return None, text
    if m := _BY_FIRST.match(text):  # not inside '[A], [B] or [C]'
        return m[1], m[2]
    if m := _BY_AFTER.match(text):
        return m[2], m[1]
    # 'add the top card of your security stack to your hand to unsuspend this Digimon' (BT9-043)
    if m := _ADD_SECURITY_TO.match(text):
        return f"adding {m[1][4:]}", m[2]
    # 'suspend this Tamer to gain 1 memory': the first action is paid to do the second.
    if m := _PAID_TO.match(text):
        # '… to activate <Draw 1>' (P-011): the keyword's effect, as 'trigger <Draw 1>'
        return f"{_GERUND[m[1]]} {m[2]}", _ACTIVATE_KEYWORD.sub("", m[3])
    return None, text


_DNA_COST = re.compile(r"dna digivolve .+ by paying (?:its|the) (?:dna digivolve |dna digivolution )?cost$")
_GERUND = {"suspend": "suspending", "trash": "trashing", "delete": "deleting", "return": "returning",
           "place": "placing", "pay": "paying",  # 'pay 3 memory to play 1 [MaloMyotismon] …' (BT3-086)
           "reveal": "revealing"}


def _one(text: str) -> list[Action] | None:
    found = match_action(text) or match_zone(text) or match_digivolve(text) or match_place(text)
    found = found or match_grant(text) or match_play(text) or match_static(text) or match_hand_to_deck(text)
    found = found or next_time(text)  # 'the next time … would digivolve this turn, …' (next_time_phrases)
    found = found or _per(text)  # 'gain 1 memory for each …' after 'and' too (ingest.compiler.per)
    return found or match_reworded(text, _one)  # wordings the tables read printed another way


#: One subject with two predicates: 'this Digimon gets +1000 DP and gains <Blocker> for the turn'.
_SHARED = re.compile(
    rf"(?P<pre>(?:{DURATION}), )?(?P<sel>.+?) (?P<p1>(?:gets?|gains?|can't) .+?),? and "
    rf"(?P<p2>(?:gets?|gains?|can't|can also|may also) .+?|<[^<>]+>|[+-]\d+ dp)(?P<dur> (?:{DURATION}))?"
)


_SHARED_VERB_OBJECT = re.compile(r"<|[+-]\d")


def _shared_subject(text: str) -> list[Action] | None:
    """Both predicates of one subject, each with the sentence's duration, on the same cards."""
    if (m := _SHARED.fullmatch(text)) is None:
        return None
    pre, dur, p2 = m["pre"] or "", m["dur"] or "", m["p2"]
    if _SHARED_VERB_OBJECT.match(p2):  # 'gets -3000 DP and <Security A. -1>': the verb is shared too
        p2 = f"{'gains' if p2.startswith('<') else 'gets'} {p2}"
    first, second = _one(f"{pre}{m['sel']} {m['p1']}{dur}"), _one(f"{pre}{m['sel']} {p2}{dur}")
    return None if first is None or second is None else one_choice(first + second)


_FOR_EACH_FIRST = re.compile(r"for ((?:each|every) .+?), (you may )?(.+)")
_FOR_EACH_AFTER = re.compile(rf"(.+?) for ((?:each|every) .+?)(?P<dur> (?:{DURATION}))?")


def _per(text: str) -> list[Action] | None:
    """'for each of your Tamers, <Draw 1>' / 'gets +1000 DP for each …': the actions, multiplied."""
    if m := _FOR_EACH_FIRST.fullmatch(text):
        actions = _actions(m[3])  # 'for each X, A and B': both, that many times (CR 4-27-4)
        for action in actions or [] if m[2] else []:  # 'for every 2 …, you may return 1 …': each time
            if action.verb == "trash_any_sources":  # may stop short each time: N or none is not that
                return None
            action.optional = True  # the player may not, so of the cards counted up to that many (by_count)
            if by_count(action) and action.selector is not None:
                action.selector.up_to = True
        return None if actions is None else multiply(actions, m[1])
    if m := _FOR_EACH_AFTER.fullmatch(text):
        actions = _one(m[1] + (m["dur"] or ""))
        return None if actions is None else multiply(actions, m[2])
    return None


_LEADING = re.compile(rf"(?:{DURATION}), ")


_IT_OR_THEY = re.compile(r"(?:it|they) ")


def _second(prefix: str, tail: str, first: list[Action]) -> list[Action] | None:
    """The actions after 'and': under the sentence's leading duration ('Until …, A and B': both
    last that long), and 'it' / 'they' being what the first part chose, if it chose cards in play."""
    found = (_one(prefix + tail) if prefix else None) or _one(tail)
    chosen = first[-1].selector
    if found is None and tail.startswith("they "):  # 'unsuspend all of … and they get +5000 DP' (BT2-104)
        ok = chosen is not None and not chosen.this and chosen.kind != "player"
        found = _one(f"it {tail[5:]}") if ok else None  # 'it' is then what the first part chose
    if found is None and tail.startswith("it attacks "):  # '…, and it attacks your opponent's Digimon'
        found = _one(f"this digimon {tail[3:]}")  # (BT9-100): 'it' is then what the first part chose
    if found is None or (prefix and _one(prefix + tail) is None and any(_lasting(a) for a in found)):
        return None  # a lasting action the leading duration would have to reach: not read
    if _IT_OR_THEY.match(tail) and chosen is not None and not chosen.this and chosen.kind != "player":
        if chosen.zone != "battle_area" or any(a.selector is None or not a.selector.this for a in found):
            return None
        for action in found:
            action.selector, action.same_targets = chosen.model_copy(), True
    return found


def _lasting(action: Action) -> bool:
    """A modifier or restriction (its duration matters), as opposed to something done once."""
    return action.verb.startswith("cant_") or action.verb in ("dp_modify", "gain_keyword")


#: Two subjects, one predicate: '1 of your opponent's Digimon and all of their Security Digimon get
#: -3000 DP for the turn', '1 of your opponent's Digimon and 1 of their Tamers can't suspend'.
_TWO_SUBJECTS = re.compile(
    rf"(?P<pre>(?:{DURATION}), )?(?P<a>(?:\d+|all) of .+?) and (?P<b>(?:\d+|all) of .+?) "
    r"(?P<pred>(?:gets?|gains?|can't) .+)"
)


def _two_subjects(text: str) -> list[Action] | None:
    """The predicate for each subject, each its own choice; only modifiers and restrictions
    (they change no zone, so one after the other is the same as both at once)."""
    if (m := _TWO_SUBJECTS.fullmatch(text)) is None:
        return None
    pre, pred = m["pre"] or "", m["pred"]
    first, second = _one(f"{pre}{m['a']} {pred}"), _one(f"{pre}{m['b']} {pred}")
    if first is None or second is None or not all(_lasting(a) for a in first + second):
        return None
    if any(a.selector is None or a.selector.this for a in first + second):
        return None
    return first + second


_AND_THEN = re.compile(r",? and (?:then )?")


def _actions(text: str) -> list[Action] | None:
    """The actions of a sentence: one template, or two joined by 'and' ('<Draw 1> and trash …')."""
    if (found := _one(text)) is not None:
        return found
    lead = _LEADING.match(text)
    prefix = lead[0] if lead else ""
    for m in _AND_THEN.finditer(text):
        if m.start() < len(prefix):
            continue
        first = _one(text[: m.start()])
        second = None if first is None else _second(prefix, text[m.end() :], first)
        if first is not None and second is not None:
            return first + second
    found = _shared_subject(text) or _two_subjects(text) or _per(text) or match_subject(text, _one)
    return found or match_opponent(text)


#: 'Have X gain …' / 'and have X get …' after 'by …'/'… to' (BT6-077, BT4-048): 'X gains …'.
_HAVE_DO = re.compile(r"(^|\band )have (.+?) (gain|get) ")
#: Delayed clauses: their actions are pending processing at a later point (CR 18-1).
_DELAYED = [
    (r"at (?:the )?end of (?:the )?turn, |at turn end, ", "EndOfTurnPoint"),
    (r"at the end of (?:the|that) battle, ", "EndOfBattlePoint"),  # QA BT3-011 Q1053
    (r"at the next end of your opponent['’]s turn, ", "EndOfOpponentsTurnPoint"),  # BT16-084
    # 'At the end of your opponent's turn, return that Digimon to the hand' (LM-013): the same point
    (r"at the end of your opponent['’]s turn, ", "EndOfOpponentsTurnPoint"),
    # 'At the end of your turn, delete the Digimon this effect played' (P-216): the effect's player's turn
    (r"at the end of your turn, ", "EndOfYourTurnPoint"),
]
_DELAYED_RES = [(re.compile(p), name) for p, name in _DELAYED]


_CONDITION_FIRST = re.compile(rf"((?:if|while) {_CLAUSE}(?:, or (?!more|less|fewer){_CLAUSE})?), (.+)")
_WHEN_DNA = re.compile(r"(when dna digivolving), (.+)")
_WHEN_YOU_DO = re.compile(r"(when you do), (.+)")
_WHEN_PLAYED_FROM_SOURCES = re.compile(r"(when played from digivolution cards), (.+)")
_FOR_THE_TURN = re.compile(r"^for the turn (?=\d+ of )")
_TRIGGER_KEYWORD = re.compile(r"^trigger (?=<)")


def compile_sentence(sentence: str) -> tuple[list[Condition], list[Action], list[Action]]:
    """One sentence -> (conditions, costs, actions)."""
    original = sentence
    sentence = when_as_if(sentence)  # '[On Deletion] When … deleted other than in battle, …': an 'if'
    sentence = this_with_as_while(sentence)  # 'This Digimon with no … can't …' (this_with_phrases.py)
    sentence = condition_first(sentence)  # 'reduce … by 1 if …': its condition first (effect_numbers)
    text = lower(sentence)
    point = None
    for pattern, name in _DELAYED_RES:
        if m := pattern.match(text):
            point, text = name, text[m.end() :]
    conditions: list[Condition] = []
    # 'If X, or (if) Y, …' (EX4-027, BT11-043): one condition of two alternatives (conditions._either)
    # ST20-10 'While X, or Y, …': the condition runs on past ', or' (no action starts with 'or');
    # BT7-062's '[X-Antibody] in its traits' names a trait no such card has ([X Antibody]): not guessed
    if m := _CONDITION_FIRST.match(text):
        conditions += compile_conditions(sentence[: len(m[1])])
        if ", or " in m[1] and "[x-antibody]" in m[1].lower():
            for condition in conditions:
                condition.compiled = False
        text = m[2]
    elif m := _WHEN_DNA.match(text):  # [When Digivolving]: 'if' (CR 8-2)
        conditions.append(Condition(kind="dna_digivolving", span=sentence[: len(m[1])]))
        text = m[2]
    elif m := _WHEN_YOU_DO.match(text):  # BT4-034: 'If you do' (QA Q1201)
        conditions.append(Condition(kind="effect_done", span=sentence[: len(m[1])]))
        text = m[2]
    elif m := _WHEN_PLAYED_FROM_SOURCES.match(text):  # [On Play]: 'if' (BT7-018)
        conditions.append(Condition(kind="played_from_sources", span=sentence[: len(m[1])]))
        text = m[2]
    if point is None and (waits := at_turn_end(text)) is not None:  # '…, delete this Digimon at the end
        point, text = "EndOfTurnPoint", waits  # of the turn' (BT17-011): as 'At the end of the turn, …'
    optional = False
    if text.startswith("you may "):
        optional, text = True, text[len("you may ") :]
    elif text.startswith("you can ") and _split_cost(text[len("you can ") :])[0] is not None:
        optional, text = True, text[len("you can ") :]  # 'you can suspend this Tamer to trash …' (BT1-086)
    cost_text, text = _split_cost(text)
    text = _HAVE_DO.sub(lambda m: f"{m[1]}{m[2]} {m[3]}s ", text)  # '… to have this Digimon gain <Blocker>'
    if text.startswith("you may "):
        optional, text = True, text[len("you may ") :]
    elif cost_text is not None and text.startswith("you can "):  # 'You can unsuspend it by …' (BT1-039)
        optional, text = True, text[len("you can ") :]
    costs: list[Action] = []
    if cost_text is not None:
        costs = (
            match_cost(cost_text) or match_place_cost(cost_text) or [Action(verb="unknown", compiled=False)]
        )
        for cost in costs:
            cost.span = original
    text = _FOR_THE_TURN.sub("for the turn, ", text.strip())  # BT20-071, comma left out
    actions = _actions(_TRIGGER_KEYWORD.sub("", text))
    if actions is None:
        return conditions, costs, [Action(verb="unknown", span=original, compiled=False)]
    for action in actions:
        action.optional = optional or action.optional
        action.processed_at = point
        action.span = original
    _it_is_that_digimon(conditions, text, actions)
    return conditions, costs, actions


_IT = re.compile(r"\bit\b")


def _it_is_that_digimon(conditions: list[Condition], text: str, actions: list[Action]) -> None:
    """'Then, if that Digimon's play cost is 4 or less, delete it' (BT3-107): 'it' is the Digimon the
    condition named, 'that Digimon' (resolved to the earlier choice by ``_that_digimon``)."""
    if not any(c.kind == "that_matches" for c in conditions) or not _IT.search(text):
        return
    for action in actions:
        if action.selector is not None and action.selector.this and not action.same_targets:
            action.selector = Selector(owner="any", subject=True, count=1)


_REDUCED_BY_THIS = re.compile(
    r"when (?:it|this digimon|that digimon) would digivolve (?:by|with) this effect, "
    r"reduce the (?:digivolution |memory )?cost by (?P<n>\d+)"
)


def _reduces_previous(sentence: str, actions: list[Action]) -> bool:
    """'When it would digivolve by this effect, reduce the cost by 2': the digivolution the effect
    just allowed costs less; folded into that action's reduction."""
    m = _REDUCED_BY_THIS.fullmatch(lower(sentence))
    if m is None or not actions or actions[-1].verb != "digivolve" or actions[-1].amount is not None:
        return False
    actions[-1].amount = int(m["n"])
    actions[-1].span += f". {sentence}"
    return True


_NOT_ACTIVATED = re.compile(
    r"any (?P<t>\[[^\]]+\]) effects on (?:the )?(?P<kind>digimon|tamers?) played (?:with|by) this effect "
    r"(?:don't|do not) activate"
)


def _played_dont_activate(sentence: str, actions: list[Action]) -> Action | None:
    """'Any [On Play] effects on Digimon played with this effect don't activate': the cards the
    previous action played (``same_targets``) don't activate their effects of that timing. They
    are new cards in play (CR 3-1-3-1-1), so 'for the turn' reaches no other card."""
    m = _NOT_ACTIVATED.fullmatch(lower(sentence))
    timings = timings_of(m["t"]) if m else None
    # 'play 1 … and 1 …' (play_each, ST6-16): the cards it played, as one play's (play_effects.py)
    if m is None or timings is None or not actions or actions[-1].verb not in ("play_card", "play_each"):
        return None
    card_type = "Digimon" if m["kind"] == "digimon" else "Tamer"
    played = actions[-1].selector
    if played is None or played.kind not in (card_type, "card", "Digimon or Tamer"):
        return None
    return Action(
        verb="cant_activate",
        timing=timings[0],
        selector=Selector(owner="self", kind=card_type, count=None),  # type: ignore[arg-type]
        same_targets=True,
        duration="this_turn",
        span=sentence,
    )


_HAVE_NOUN = re.compile(r"(?i)\bif you have \d+ or (?:more|fewer|less) (?P<noun>[^,]+),")
_HAVE_BARE = re.compile(r"(?i)^(?P<head>(?:then, )?if you have \d+ or (?:more|fewer|less))(?=,)")
#: The same for the opponent: 'If your opponent has 4 or less memory, …. If they have 4 or more, …'.
_THEY_NOUN = re.compile(
    r"(?i)\bif (?:your opponent has|they have) \d+ or (?:more|fewer|less) (?P<noun>[^,]+),")
_THEY_BARE = re.compile(r"(?i)^(?P<head>(?:then, )?if they have \d+ or (?:more|fewer|less))(?=,)")


def paid_midway(costs: list[Action], actions: list[Action]) -> list[Action]:
    """'A. Then, by X, B': X is a cost paid when it is reached (``Action.pays``), B only if X is paid in
    full (CR 15-7-2, 15-7-3); X is optional (CR 15-7-4), answered once for its sentence with B."""
    for part in [*costs, *actions]:
        part.optional = True
    for cost in costs:
        cost.pays = True
    return [*costs, *actions]


def unread_midway(actions: list[Action], spans: list[tuple[int, int]]) -> None:
    """A cost paid midway must end the effect. Unpaid, nothing after it is carried out (CR 15-7-2:
    'Then, …' included); declined, only its own sentence is skipped (``run_actions`` answers one "you
    may" per sentence), which is CR 15-7-2 only when no sentence follows. Otherwise it is not read."""
    for start, end in spans:
        if end != len(actions) or any(_it_chosen(part) for part in actions[start:end]):
            for part in actions[start:end]:
                part.verb, part.compiled = "unknown", False


_THIS_CARD = re.compile(r"\bthis (?:digimon|tamer|card)\b")


def _it_chosen(action: Action) -> bool:
    """'By placing 1 card … as any of your [DM] trait Digimon's bottom digivolution card, it may digivolve'
    (EX9-070): 'it' is the Digimon the cost chose, not this card, which the selector does not say."""
    sel, span = action.selector, action.span.lower()
    return (not action.pays and sel is not None and sel.this and bool(_IT.search(span))
            and not _THIS_CARD.search(span))


def _elided(sentence: str, before: str) -> str:
    """'If you have 3 or more security cards, …. If you have 3 or fewer, …': the second condition
    counts what the first one named (BT16-043 Runnermon, Q2635); 'they' after 'your opponent has'
    (BT15-016 Brachiomon, Q2500)."""
    for noun, bare in ((_HAVE_NOUN, _HAVE_BARE), (_THEY_NOUN, _THEY_BARE)):
        if (named := noun.search(before)) is not None and bare.match(sentence):
            return bare.sub(lambda m, n=named: f"{m['head']} {n['noun']}", sentence)
    return sentence


_AFTER_COST = re.compile(r"(?P<cost>by .+?), (?P<cond>if [^,]+), (?P<rest>.+)", re.IGNORECASE)


def _condition_after_cost(sentence: str) -> tuple[list[Condition], str]:
    """'By placing 1 [Leon Alexander] from your hand as …, if you have 3 or more security cards, gain 1
    memory' (BT17-030, P-224): the condition between the cost and the action, and the sentence without
    it. Such an effect is activated and its cost paid whether the condition holds or not (QA Q6119);
    the condition is checked when the action is reached (CR 15-6). Unread conditions stay unread."""
    if (m := _AFTER_COST.fullmatch(sentence)) is None:
        return [], sentence
    found = compile_conditions(m["cond"])
    if not found or not all(c.compiled for c in found):
        return [], sentence
    return found, f"{m['cost']}, {m['rest']}"


def compile_body(body: str) -> tuple[list[Condition], list[Action], list[Action]]:
    """The conditions, costs and actions of an effect's action text."""
    conditions: list[Condition] = []
    costs: list[Action] = []
    actions: list[Action] = []
    previous: tuple[list[Condition], list[Action], list[Action]] | None = None  # the last sentence's
    said = ""  # the sentences so far
    midway: list[tuple[int, int]] = []  # the actions of each sentence with a cost paid midway
    late: list[Condition] = []  # 'By X, if Y, Z': Y is checked after X is paid, not before the effect
    for sentence in sentences(quote_grants(body)):  # quoted effects: ingest.compiler.grants
        sentence, said = _elided(sentence, said), f"{said} {sentence}"
        if _reduces_previous(sentence, actions) or limits_previous(sentence, actions):
            continue
        if (quiet := _played_dont_activate(sentence, actions)) is not None:
            actions.append(quiet)
            continue
        if (fate := played_fate(sentence, actions)) is not None:  # 'the Digimon this effect played …'
            actions += fate
            continue
        printed, sentence = sentence, one_revealed(sentence, actions)  # 'it': the one revealed card
        sentence = they_also(sentence, actions)  # 'they also …': the previous action's subject
        sentence = that_token(sentence, actions)  # 'delete that token' after playing one
        sentence = per_predicate(sentence)  # '… gains <X>, and for every 2 …, gets +2000 DP'
        sentence, digivolved = digivolved_one(sentence, actions)  # 'the Digimon this effect digivolved'
        sentence = spelled_out(sentence)  # '…, they trash 1 of them': what the condition counted
        sentence = named_one(sentence)  # '…, you may play one from your hand': the card it names
        sentence = same_wording(this_it(sentence) if not actions else sentence)  # if_phrases.py
        sentence = dna_digivolved(sentence)  # 'the DNA digivolved Digimon': xros_phrases.py
        sentence = own_effects(sentence)  # 'by returning this card …, activate its [Main] effects'
        replaced = overwrite(sentence)
        after_cost: list[Condition] = []
        if not actions and not replaced:  # the effect's own cost, not one paid midway
            after_cost, sentence = _condition_after_cost(sentence)
        c, k, a = compile_sentence(replaced or sentence)
        if after_cost and k:  # checked once the cost is paid, when its actions are reached (QA Q6119)
            for condition in after_cost:
                condition.governs = list(range(len(actions), len(actions) + len(a)))
            c, late = [*c, *after_cost], [*late, *after_cost]
        elif after_cost:
            a = [Action(verb="unknown", span=printed, compiled=False)]
        played_it(sentence, a, actions)  # 'at the next end of …, return it': the played Digimon
        if digivolved:
            point_at_digivolved(a, actions)
        for part in a if printed != sentence else []:
            part.span = printed
        if k and actions:  # 'A. Then, by X, B': X is paid midway and gates only B (CR 15-7-2)
            k, a = [], paid_midway(k, a)
            midway.append((len(actions), len(actions) + len(a)))
        if replaced is not None:
            c += _instead(previous, (c, k, a), len(actions))
        conditions += c
        costs += k
        for condition in c:  # a condition governs its own sentence's actions
            if not condition.governs:
                condition.governs = list(range(len(actions), len(actions) + len(a)))
        previous = (c, k, a)
        actions += a
    unread_midway(actions, midway)
    for condition in conditions:
        if condition.governs == list(range(len(actions))) and not any(condition is c for c in late):
            condition.governs = []  # all of them: the whole effect
        elif condition.kind == "attacker_matches":  # EX2-065 '… Then, if the attacking Digimon is
            condition.governs = []  # [Beelzemon], …': the effect activates only then (QA Q3351)
    _that_digimon([*costs, *actions])
    it_attacks([*costs, *actions])  # 'Then, it may attack': the Digimon of the action before
    chosen_by_cost(costs, actions)  # 'by placing … as any of your [X]'s bottom …, it digivolves'
    searched(actions)  # 'among them' after 'search your security stack': those cards
    subject_reference([*costs, *actions])  # '… as much or less DP as that Digimon' first: the event's
    check_references(conditions, [*costs, *actions])  # comparisons with what the effect chose
    check_chosen_attack([*costs, *actions])  # 'your opponent attacks with the chosen Digimon'
    link(actions)  # 'add 2000 to this effect's maximum': to which action (CR 15-15-4)
    restore_spans([*conditions, *costs, *actions])
    return conditions, costs, actions


_INSTEAD = re.compile(r"(?i)(?P<cond>if [^,]+, )instead (?P<rest>.+)|(?P<all>if [^,]+, .+) instead")


def overwrite(sentence: str) -> str | None:
    """'If …, delete … instead' / 'If …, instead delete …' (CR 18-2-1): the sentence without
    'instead', or None when it has no such word."""
    if (m := _INSTEAD.fullmatch(sentence)) is None:
        return None
    return m["all"] or f"{m['cond']}{m['rest']}"


#: Condition kinds about the effect's own card or facts no action changes: an overwritten action on
#: the opponent's cards (or the owner's deck and memory) cannot make them hold or stop holding.
#: Condition kinds counting the cards of a trash, hand or security stack ('If your opponent has 10 or fewer
#: cards in their trash').
_COUNT_KINDS = re.compile(r"(?:opponent_|total_|either_)?(?:trash|hand|security)_at_(?:most|least)")
_FIXED_KINDS = {"this_matches", "sources_include", "this_sources_at_least", "dna_digivolving", "your_turn",
                "played_by_effect_of"}  # how the card was played (EX3-036): past, no action changes it


def _unaffected(condition: Condition, replaced: list[Action]) -> bool:
    """Whether carrying out ``replaced`` leaves ``condition`` as it was: the 'instead' condition is
    checked once for both (CR 18-2), but the solver checks each governed action's own conditions
    when it is reached."""
    chosen = condition.selector
    mine = chosen is not None and chosen.owner == "self" and not chosen.state
    fixed = mine if condition.kind == "has_card" else condition.kind in _FIXED_KINDS
    if condition.kind == "either":  # 'If you have X, or Y' (BT8-096): each about your own cards in play
        fixed = all(c.kind == "has_card" and c.selector is not None and c.selector.owner == "self"
                    and not c.selector.state and not c.negated for c in condition.either)
    if _COUNT_KINDS.fullmatch(condition.kind) and all(_lasting(a) and a.selector is not None
                                                      and a.selector.zone == "battle_area" for a in replaced):
        return True  # a modifier on cards in play moves no card: the trash, hand and security stay (EX10-049)
    if fixed and [a.verb for a in replaced] == ["choose_effects"]:  # 'activate all … instead': the
        return True  # solver runs one of the two choices only (kg/solver/handlers/modal.py)
    if _only_turns(condition, replaced) or _theirs_only(condition, replaced):
        return True
    return _only_falls(condition, replaced) or fixed and all(
        a.selector is not None and (a.selector.owner == "opponent" or a.selector.kind == "player")
        and a.verb not in ("play_card", "play_self")
        for a in replaced
    )


def _only_turns(condition: Condition, replaced: list[Action]) -> bool:
    """'Unsuspend 1 of your [Angel] trait Digimon. If you have [Dominimon], unsuspend all of … instead'
    (EX6-067): suspending or unsuspending moves no card and changes no DP, so whether a card is in play
    holds as it did, unless the condition asks about that orientation or DP."""
    chosen = condition.selector
    plain = chosen is not None and not chosen.state and chosen.max_dp is None and chosen.min_dp is None \
        and chosen.compare is None and not chosen.any_of
    turned = all(a.verb in ("suspend", "unsuspend") for a in replaced)
    return condition.kind == "has_card" and plain and turned


_AT_MOST_LEAST = re.compile(r"(?:trash|hand|security)_at_(?:most|least)")


def _theirs_only(condition: Condition, replaced: list[Action]) -> bool:
    """'Delete 1 of your opponent's level 6 or lower Digimon. If you have 10 or more cards in your trash,
    delete 1 of their Digimon instead' (BT19-074): removing the opponent's Digimon puts their cards in
    their own trash (CR 4-15), hand or deck, so the count of your own trash, hand or security stays."""
    own = _AT_MOST_LEAST.fullmatch(condition.kind) is not None
    return own and bool(replaced) and all(
        a.verb in _REMOVALS and a.selector is not None and a.selector.owner == "opponent"
        and a.selector.kind == "Digimon" and a.selector.zone == "battle_area" and not a.selector.this
        for a in replaced)


#: Verbs that only take Digimon out of the battle area.
_REMOVALS = frozenset({"delete", "return_to_hand", "return_to_deck"})


def _only_falls(condition: Condition, replaced: list[Action]) -> bool:
    """'Delete 1 …. If your opponent has 3 or more Digimon in play, delete … instead' (BT6-094): a
    count of Digimon in play with no filter only falls when X removes Digimon, so a C that did not
    hold before X does not hold after it (and when it held, X was not carried out)."""
    chosen = condition.selector
    plain = chosen is not None and set(chosen.model_dump(exclude_defaults=True)) <= {"owner", "count"}
    return condition.kind == "has_card" and not condition.negated and plain and all(
        a.verb in _REMOVALS and a.selector is not None and a.selector.kind == "Digimon" for a in replaced)


def _instead(
    previous: tuple[list[Condition], list[Action], list[Action]] | None,
    sentence: tuple[list[Condition], list[Action], list[Action]],
    start: int,
) -> list[Condition]:
    """CR 18-2: 'X. If C, Y instead.' is Y if C holds, else X: C's negation, governing X (the
    previous sentence's actions, which end at ``start``). Read only when it is exact: one
    condition, no costs, a mandatory overwrite (an optional one lets the player keep X, CR 18-2-2,
    which two conditions cannot say), an X with no conditions or costs of its own, and a C that X
    cannot change. Otherwise Y's actions are marked not compiled."""
    conditions, costs, actions = sentence
    ok = (
        previous is not None
        and len(conditions) == 1
        and not costs
        and bool(actions)
        and all(a.compiled and not a.optional for a in actions)
        # '… -3000 DP for the turn. If …, 1 of … gets -6000 DP instead' (BT8-100): how long, unsaid
        and not any(_lasting(a) and a.duration == "instant" for a in actions)
        and not previous[0]
        and not previous[1]
        and len(previous[2]) == start  # X is all that came before: what is overwritten is plain
        and start > 0
        and all(a.compiled for a in previous[2])
        and _unaffected(conditions[0], previous[2])
    )
    if not ok or previous is None:
        for action in actions:
            action.verb, action.compiled = "unknown", False
        return []
    kept = previous[2]
    negation = conditions[0].model_copy(update={"negated": not conditions[0].negated})
    negation.governs = list(range(start - len(kept), start))
    return [negation]


def _that_digimon(parts: list[Action]) -> None:
    """'that Digimon' is the Digimon an earlier cost or action of the effect chose, if there is
    one (the same choice: ``same_targets``); otherwise it stays the triggering event's subject."""
    for before, action in zip(parts, parts[1:], strict=False):
        chosen = before.selector
        if action.selector is None or not action.selector.subject or chosen is None:
            continue
        if chosen.kind in ("Digimon", "Digimon or Tamer") and not chosen.subject:
            action.selector, action.same_targets = chosen.model_copy(), True
        elif before.verb == "play_card" and chosen.kind in ("Digimon", "card") and not chosen.this:
            # 'You may play 1 [Agumon] from your trash …. If …, that Digimon gains <Rush>' (BT14-076): the
            # Digimon played, now in the battle area (as 'the Digimon this effect played', removal._played)
            action.selector = chosen.model_copy(update={"zone": "battle_area"})
            action.same_targets = True
