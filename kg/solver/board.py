"""What the board looks like right now, recomputed from the state every time it is asked.

Live effects come and go with the stack (inherited effects from the digivolution cards, CR 15-3);
lasting and persistent effects are re-evaluated from their sources (CR 15-8-2), so global
effects reach Digimon that enter or digivolve later and DP modifiers add up (CR 15-8-2-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ingest.compiler.per import REPEATED, by_count
from ingest.effect_ir import Action, CompiledEffect, Condition, EffectRecord, Selector
from kg.solver import relative
from kg.solver.card_facts import BLANK, CardInfo
from kg.solver.distinct import most_different
from kg.solver.effect_spec import EffectSpec, keyword_spec, spec_of
from kg.solver.gaps import Gap
from kg.solver.granted import GRANTS, granted_effects, own_statics
from kg.solver.registry import REGISTRY
from kg.solver.state import FaceDown, Stack, State, is_face_down, is_face_up
from kg.solver.statics import dp_delta, reaches, shielded, source_gains, stack_colors
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from kg.solver.rules_index import RulesIndex

CONTINUOUS = {"dp_modify", "gain_keyword", "cant_attack", "cant_attack_players", "cant_block",
              "cant_be_blocked", "cant_suspend", "cant_change_attack_target", "can_attack_unsuspended",
              "cant_unsuspend", "security_checks", "cant_digivolve",
              "cant_be_deleted", "cant_be_deleted_in_battle", "cant_be_deleted_by_opponents_effects",
              "unaffected", "cant_have_dp_reduced", "digivolves_only_into",  # kg/solver/statics.py
              "cant_activate", "cant_be_returned", "cant_be_returned_by_opponents_effects",
              "cant_be_attacked", "no_option_security", "cant_attack_digimon",
              "unaffected_by_keyword",  # 'isn't affected by <De-Digivolve> effects' (verbs._de_digivolve)
              "attacks_only_suspended",  # 'can only attack suspended Digimon' (can_attack, attack.py)
              "cant_unsuspend_in_unsuspend_phase",  # read by moves.unsuspend in that phase
              "set_original_dp"}  # 'change the original DP of … to 3000': read by Board._dp_of


class UnsettledDP(Exception):
    """A 'while … DP' condition whose DP depends on another such condition (Board.settled_dp)."""


#: Why a 'while … DP' condition the engine cannot settle is reported (Board.holds).
UNSETTLED = ("the DP this 'while' condition reads depends on another 'while' condition on DP (QA Q5202): "
             "not implemented")


def reads_dp(sel: Selector | None) -> bool:
    """Whether a selector compares a card's DP (a bound, with this Digimon's, the highest or lowest)."""
    return sel is not None and (
        sel.max_dp is not None or sel.min_dp is not None or sel.dp_at_most_this or sel.compare == "dp"
        or sel.extreme in ("highest_dp", "lowest_dp") or any(reads_dp(alt) for alt in sel.any_of))


def dp_changes_on_dp(compiled: CompiledEffect) -> list[Action]:
    """The DP changes of an effect that a 'while' condition on DP governs (all its actions when the
    condition governs none in particular)."""
    found: list[Action] = []
    for cond in compiled.conditions:
        if any(reads_dp(c.selector) for c in [cond, *cond.either]):
            found += [a for i, a in enumerate(compiled.actions)
                      if a.verb == "dp_modify" and (not cond.governs or i in cond.governs) and a not in found]
    return found


#: A face-down card under another card: no name, kind, colour, level, traits or effects (CR 4-7-9).
FACE_DOWN = CardInfo(number="", name="", kind="Face-down")


@dataclass(frozen=True)
class Modifier:
    """One continuous change applied to a stack, with where it comes from."""

    label: str
    owner: str
    action: Action
    source: str = ""  # the kind of card whose effect it is (Digimon, Tamer, Option): CR 15-15-5


Pile = tuple[str | None, ...]  # a stack's cards, bottom first, then None, then its link cards


@dataclass
class KeptFacts:
    """What the board works out from the cards alone (their specs, the effects a pile of cards
    gives): the same for every run of one scenario on one graph, so its runs share them."""

    specs: dict[str, list[EffectSpec]] = field(default_factory=dict)
    printed: dict[Pile, list[tuple[EffectSpec, int]]] = field(default_factory=dict)
    persistent: dict[Pile, list[EffectSpec]] = field(default_factory=dict)
    #: per number of cards known (a token adds one): the listener index (kg.solver.listeners) and the
    #: graph's events no card listens to (Engine._by_event)
    listeners: dict[int, tuple[Any, frozenset[str]]] = field(default_factory=dict)


def _is_persistent(spec: EffectSpec) -> bool:
    """A persistent effect of a card's own text, not a keyword (Board.persistent)."""
    return spec.category == "persistent" and spec.record is not None and not spec.keyword


def lives(spec: EffectSpec, owner: str, turn_player: str) -> bool:
    """Whether a timing window lets the effect exist in this player's turn (CR 15-16-8, 15-16-9)."""
    if spec.live == "owner":
        return owner == turn_player
    if spec.live == "opponent":
        return owner != turn_player
    return True


class Board:
    """Derived facts about stacks: live effects, keywords, DP, security checks."""

    def __init__(self, cards: dict[str, CardInfo], index: RulesIndex, kept: KeptFacts | None = None) -> None:
        self.cards, self.index = cards, index
        self.kept = kept = kept or KeptFacts()  # what depends on the cards alone: shared by the runs
        self._specs = kept.specs
        self._printed = kept.printed  # Board.printed
        self._persistent_kept = kept.persistent  # Board._persistent_specs
        self._kinds, self._kinds_for = (False, False), -1  # Board._printed_kinds
        self._steady = 0  # Board.steady: how many looks that change nothing are under way
        self._steady_persistent: list[tuple[Stack, EffectSpec]] | None = None
        self._governed_specs: dict[tuple[str, frozenset[int]], EffectSpec] = {}  # Board._governed
        self.granted_specs: dict[str, EffectSpec] = {}  # per grant key: the granted effect's spec
        self._gaps: dict[str, tuple[Any, ...]] = {}  # per persistent effect: what it cannot carry out
        self._deriving = 0  # how deep base_keywords is looking at grants (bounded: never recurses)
        self._settling = 0  # how deep a 'while … DP' condition is looking at DP (settled_dp: one level)
        #: effects met during that look whose DP condition was read on printed DP and governs a DP change
        self._fallback: list[tuple[Stack, EffectSpec]] = []
        #: per card being used (uid): its use cost once its own text changed it in the hand (QA Q5488)
        self.use_costs: dict[int, int] = {}
        #: where gaps of persistent effects go (the engine's unsupported list); set by the engine
        self.report: Callable[[str | None, Sequence[Any]], None] | None = None
        self.gaps_of: Callable[[EffectRecord], Sequence[Any]] | None = None

    def card(self, number: str) -> CardInfo:
        if type(number) is FaceDown:  # no card information can be referenced (CR 4-7-9)
            return FACE_DOWN
        return self.cards.get(number, BLANK)

    def specs(self, number: str) -> list[EffectSpec]:
        if is_face_down(number):  # a face-down card has no effects (CR 4-7-9)
            return []
        if number not in self._specs:
            self._specs[number] = [spec_of(self.index, r) for r in self.card(number).effects]
        return self._specs[number]

    # ------------------------------------------------------------ effects
    @staticmethod
    def live_in(spec: EffectSpec, owner: str, state: State) -> bool:
        """Whether a timing window lets the effect exist this turn (CR 15-16-8, 15-16-9)."""
        return lives(spec, owner, state.turn_player)

    def printed(self, stack: Stack | tuple[str, ...]) -> list[tuple[EffectSpec, int]]:
        """Effects the stack's own cards give it: the top card's, and inherited ones (CR 15-3);
        and the link effects of its link cards (CR 4-3-5), never a stacked card's own.

        They depend on the cards alone, so they are worked out once per pile of cards and link cards
        and kept (a face-down card, which has none, CR 4-7-9, is told apart by its type: such piles
        are not kept). Read the list; never change it."""
        cards = stack.cards if isinstance(stack, Stack) else list(stack)
        return self._printed_of(cards, stack.links if isinstance(stack, Stack) else ())

    def _printed_of(self, cards: Sequence[str], links: Sequence[str]) -> list[tuple[EffectSpec, int]]:
        if any(type(c) is not str for c in cards):
            return self._printed_now(cards, links)
        key = (*cards, None, *links)
        found = self._printed.get(key)
        if found is None:
            found = self._printed[key] = self._printed_now(cards, links)
        return found

    def live_printed(self, cards: Sequence[str], links: Sequence[str], owner: str,
                     turn_player: str) -> list[tuple[EffectSpec, int]]:
        """The printed effects of a pile of cards and link cards that live this turn: all the effects
        it has while nothing can grant it any (Board.printed_only)."""
        return [(s, p) for s, p in self._printed_of(cards, links) if lives(s, owner, turn_player)]

    def printed_only(self, state: State) -> bool:
        """Whether every stack's effects are its printed ones alone: no lasting effect, no card that
        prints a persistent effect or <Progress> (Board.effects adds nothing then)."""
        return not state.lasting and not any(self._printed_kinds())

    def _printed_now(self, cards: Sequence[str], links: Sequence[str]) -> list[tuple[EffectSpec, int]]:
        out = []
        for pos, number in enumerate(cards):
            top = pos == len(cards) - 1
            for spec in self.specs(number):
                part = spec.record.part if spec.record else "main"
                if spec.security or part == "link" or self.zone_icon(spec):
                    continue  # a {Trash}/{Security}… effect works only in that area (CR 15-14-2..5)
                if (top and part != "inherited") or (not top and part == "inherited"):
                    out.append((spec, pos))
        for number in links:
            out += [(spec, len(cards)) for spec in self.specs(number)
                    if spec.record is not None and spec.record.part == "link"]
        out += self._succeeded(cards, out)
        return out + source_gains(self, cards, out)  # 'gains all effects of … in its digivolution cards'


    def zone_icon(self, spec: EffectSpec) -> str | None:
        """The zone icon of an effect that works outside the battle area ({Security}: CR 15-14-5)."""
        tags = spec.record.tags if spec.record else []
        return next((t for t in tags if t in self.index.zone_icons), None)

    def _succeeded(self, cards: list[str], out: list[tuple[EffectSpec, int]]) -> list[tuple[EffectSpec, int]]:
        """<Succession (X)>: the effects other than <Succession> printed on the topmost specified
        digivolution card (CR 16-47-1; the specified cards are the keyword's selector, CR 16-3)."""
        gained: list[tuple[EffectSpec, int]] = []
        for spec, _ in out:
            if spec.primitive != "succession" or spec.record is None:
                continue
            sel = next((a.selector for a in spec.record.compiled.actions if a.verb == "keyword"), None)
            pos = next((i for i in range(len(cards) - 2, -1, -1)
                        if sel is None or self.card_fits(cards[i], sel)), None)
            if pos is not None:
                gained += [(s, pos) for s in self.specs(cards[pos]) if not s.security
                           and s.primitive != "succession" and (s.record is None or s.record.part == "main")]
        return gained

    def effects(self, state: State, stack: Stack) -> list[tuple[EffectSpec, int]]:
        """Every effect the stack has now: printed, live this turn, plus granted keywords."""
        live = [(s, p) for s, p in self.printed(stack) if self.live_in(s, stack.owner, state)]
        mods = self.modifiers(state, stack)
        if not mods and not state.lasting and not self.has_persistent():
            return live  # nothing can grant it anything now
        for mod in mods:
            if mod.action.verb == "gain_keyword" and mod.action.keyword in self.index.keywords:
                rule = self.index.keywords[mod.action.keyword]
                spec = keyword_spec(self.index, "", rule, mod.action.keyword_value,
                                    f"grant:{rule.name}:{mod.label}")
                live.append((spec, len(stack.cards)))
        return live + granted_effects(self, state, stack, mods, live)  # quoted effects gained (CR 15-13)

    def base_keywords(self, state: State, stack: Stack) -> dict[str, int]:
        """The keywords a 'while this Digimon has <X>' condition sees (Q867: a granted one counts):
        printed, granted by lasting effects, and granted by persistent effects, whose own 'while'
        conditions and selectors see the printed and lasting ones, which in turn see the printed
        ones (bounded, so that deriving never recurses)."""
        found: dict[str, int] = {}
        for spec, _ in self.printed(stack):
            if spec.keyword and self.live_in(spec, stack.owner, state):
                found[spec.keyword] = found.get(spec.keyword, 0) + spec.value
        if self._deriving >= 2:
            return found
        self._deriving += 1
        try:
            mods = self._lasting(state, stack)
            if self._deriving == 1:
                mods += self._persistent_mods(state, stack)
        finally:
            self._deriving -= 1
        for mod in shielded(mods):  # not a keyword from an effect it isn't affected by (CR 15-15-5-4)
            if mod.action.verb == "gain_keyword" and mod.action.keyword and mod.action.keyword not in found:
                found[mod.action.keyword] = mod.action.keyword_value or 0
        return found

    def keywords(self, state: State, stack: Stack) -> dict[str, int]:
        """Keyword name -> summed value (presence with 0 for keywords without a value)."""
        found: dict[str, int] = {}
        for spec, _ in self.effects(state, stack):
            if spec.keyword:
                found[spec.keyword] = found.get(spec.keyword, 0) + spec.value
        return found

    def has_primitive(self, state: State, stack: Stack, code: str) -> bool:
        return any(self.index.keywords[k].primitive == code for k in self.keywords(state, stack))

    def checks(self, state: State, stack: Stack) -> int:
        """Security cards it checks: the base (1) plus <Security A.> values, at least 0 (CR 13-1-2, 16-4)."""
        total = sum(v for k, v in self.keywords(state, stack).items()
                    if self.index.keywords[k].primitive == "security_checks")
        total += sum(m.action.amount or 0 for m in self.modifiers(state, stack)
                     if m.action.verb == "security_checks")
        return max(0, self.index.constant("base_security_checks") + total)

    # ------------------------------------------------------------ continuous effects
    def persistent(self, state: State) -> list[tuple[Stack, EffectSpec]]:
        """Persistent effects that apply now: live, carried out by handlers, 'while …' holding
        (CR 15-8-2). One with a part the engine cannot carry out is reported and not applied."""
        if not self.has_persistent():
            return []
        steady = self._steady and not self._settling and not self._deriving
        if steady and self._steady_persistent is not None:
            return self._steady_persistent
        found = self._persistent_now(state)
        if steady:
            self._steady_persistent = found
        return found

    def steady(self) -> Board:
        """While the engine only looks (collecting what an event triggers), nothing changes: the
        persistent effects that apply are worked out once for the whole look (``with board.steady():``)."""
        return self

    def __enter__(self) -> None:
        self._steady += 1

    def __exit__(self, *_exc: object) -> None:
        self._steady -= 1
        if not self._steady:
            self._steady_persistent = None

    def _persistent_now(self, state: State) -> list[tuple[Stack, EffectSpec]]:
        found = []
        for holder in [*state.board(), *state.face_up_security()]:
            for spec in self._persistent_specs(holder):
                if not self.live_in(spec, holder.owner, state):
                    continue
                gaps = self._gaps.get(spec.key)
                if gaps is None:
                    gaps = self._gaps[spec.key] = tuple(self.gaps_of(spec.record)) if self.gaps_of else ()
                if gaps:
                    if self.report:
                        self.report(f"{holder.alias}/{spec.card}/{spec.tag}", gaps)
                    continue
                conditions = spec.record.compiled.conditions
                if self._settling and dp_changes_on_dp(spec.record.compiled):
                    self._fallback.append((holder, spec))  # its DP condition reads printed DP here
                if all(self.holds(state, holder, c) for c in conditions if not c.governs):
                    failing = frozenset(i for c in conditions if c.governs
                                        and not self.holds(state, holder, c) for i in c.governs)
                    found.append((holder, self._governed(spec, failing) if failing else spec))
        return found

    def has_persistent(self) -> bool:
        """Whether any card of this run prints a persistent effect (else only lasting effects can
        change what the board derives from the cards)."""
        return self._printed_kinds()[0]

    def _printed_kinds(self) -> tuple[bool, bool]:
        """Whether any card of this run prints a persistent effect, and <Progress> (worked out again
        when a token adds its card)."""
        if self._kinds_for != len(self.cards):
            specs = [s for n in self.cards for s in self.specs(n)]
            self._kinds = (any(_is_persistent(s) for s in specs),
                           any(s.primitive == "unaffected_while_attacking" for s in specs))
            self._kinds_for = len(self.cards)
        return self._kinds

    def _persistent_specs(self, holder: Stack) -> list[EffectSpec]:
        """The persistent effects (not keywords) among what the holder's cards give it, kept per pile
        of cards like Board.printed (a face-up security card: its {Security} effects)."""
        if holder.uid <= 0:
            return [s for s, _ in self.security_icon(holder) if _is_persistent(s)]
        key = (*holder.cards, None, *holder.links)
        found = self._persistent_kept.get(key) if all(type(c) is str for c in holder.cards) else None
        if found is None:
            found = [s for s, _ in self.printed(holder) if _is_persistent(s)]
            if all(type(c) is str for c in holder.cards):
                self._persistent_kept[key] = found
        return found

    def _governed(self, spec: EffectSpec, failing: frozenset[int]) -> EffectSpec:
        """The effect without the actions whose own 'while …' does not hold ('All of your [TS] trait
        Digimon gain <Blocker>. While you have [Neptunemon], they also gain <Alliance>', CR 15-8-2-2)."""
        key = (spec.key, failing)
        if key not in self._governed_specs:
            assert spec.record is not None
            compiled = spec.record.compiled
            kept = [a for i, a in enumerate(compiled.actions) if i not in failing]
            kept_compiled = compiled.model_copy(update={"actions": kept})
            record = spec.record.model_copy(update={"compiled": kept_compiled})
            self._governed_specs[key] = replace(spec, record=record)
        return self._governed_specs[key]

    def security_icon(self, holder: Stack) -> list[tuple[EffectSpec, int]]:
        """The {Security} effects of a face-up security card: they work while it is face up in the
        security stack (CR 15-14-5-1)."""
        return [(spec, 0) for spec in self.specs(holder.top)
                if (icon := self.zone_icon(spec)) and self.index.zone_icons[icon] == "security"]

    def holds(self, state: State, holder: Stack, cond: Condition) -> bool:
        """A 'while …' condition of a persistent effect of ``holder`` (the registry's while family). One
        on DP that the engine cannot settle is reported and taken as not holding: nothing is applied."""
        test = REGISTRY.handler("while", cond.kind)
        assert test is not None, "checked by kg.solver.support before it applies"
        try:
            return test(self, state, holder, cond) != cond.negated
        except UnsettledDP:
            if self.report:
                self.report(f"{holder.alias}/{holder.top}",
                            [Gap("condition", "while:dp", cond.span or cond.kind, UNSETTLED)])
            return False

    def settled_dp(self, state: State, stack: Stack) -> int | None:
        """The DP a 'while … N DP or more' condition reads: the DP its changes make, not the printed DP
        (QA Q5013, Q6632). Looked at one level deep: while it is being worked out, such conditions read
        printed DP (None here). Raises UnsettledDP when a condition met on the way itself changes DP
        (two effects whose DP each depends on the other's, QA Q5202): the engine cannot settle that."""
        if self._settling:
            return None
        self._settling, self._fallback = self._settling + 1, []
        try:
            dp = self.dp(state, stack)
        finally:
            self._settling -= 1
        for holder, spec in self._fallback:  # a DP change of theirs could reach this stack: a loop
            assert spec.record is not None
            for action in dp_changes_on_dp(spec.record.compiled):
                if action.selector is not None and self.matches(state, stack, action.selector, holder.owner,
                                                                holder.uid, base=True):
                    raise UnsettledDP
        return dp

    def modifiers(self, state: State, stack: Stack) -> list[Modifier]:
        """Continuous changes reaching this stack: lasting effects and persistent effects, but those
        of effects it isn't affected by (CR 15-15-5-2)."""
        if not state.lasting and not self.has_persistent():  # none can reach it but <Progress>'s own
            progress = self._progress(state, stack)
            return shielded(progress) if progress else []  # type: ignore[arg-type, return-value]
        own = self._lasting(state, stack) + self._persistent_mods(state, stack) + self._progress(state, stack)
        return shielded(own)  # type: ignore[arg-type, return-value]

    def _progress(self, state: State, stack: Stack) -> list[Modifier]:
        """<Progress> while its Digimon is attacking: it isn't affected by the opponent's effects
        (CR 16-39-1, 16-39-3), as an 'unaffected' change of its own (printed or inherited: no card
        gives the keyword by an effect)."""
        attack = state.attack
        if attack is None or attack.ended or attack.attacker != stack.uid or not self._printed_kinds()[1]:
            return []
        return [Modifier(f"{stack.alias}/{spec.card}/{spec.tag}", stack.owner,
                         Action(verb="unaffected", card=Selector(owner="opponent", kind="card")))
                for spec, _ in self.printed(stack)
                if spec.primitive == "unaffected_while_attacking"
                and self.live_in(spec, stack.owner, state)][:1]

    def affected(self, state: State, stack: Stack, owner: str, source: str) -> bool:
        """Whether an effect of ``owner``'s card of kind ``source`` changes the stack (CR 15-15-5-1)."""
        mods = self.modifiers(state, stack)
        return reaches([m for m in mods if m.action.verb == "unaffected"], owner, source)

    def _lasting(self, state: State, stack: Stack) -> list[Modifier]:
        mods = []
        for effect in state.lasting:
            hit = (stack.uid in effect.targets if effect.targets is not None
                   else effect.selector is not None and effect.selector.zone == "battle_area"
                   and self.matches(state, stack, effect.selector, effect.owner, None, base=True))
            if hit:
                mods.append(Modifier(effect.label, effect.owner, effect.action, effect.source))
                granted = effect.action.granted if effect.action.verb in GRANTS else None
                for action in own_statics(granted, CONTINUOUS) or [] if granted is not None else []:
                    # a gained persistent effect changing its own Digimon (CR 15-13-1, 15-8-2)
                    mods.append(Modifier(effect.label, effect.owner, action, effect.source))
        return mods

    def _persistent_mods(self, state: State, stack: Stack, *, dp_settled: bool = True) -> list[Modifier]:
        mods = []
        for holder, spec in self.persistent(state):
            for action in spec.record.compiled.actions:  # type: ignore[union-attr]
                sel = action.selector
                if action.verb not in CONTINUOUS or sel is None or sel.zone != "battle_area":
                    continue
                dp = None
                if action.verb != "dp_modify" and (sel.min_dp is not None or sel.max_dp is not None):
                    # a grant to 'your Digimon with 13000 DP or more' reads the DP that the DP changes
                    # made (CR 15-6; QA Q4145), not the printed DP
                    if not dp_settled:
                        continue
                    dp = self._dp_of(stack, self._lasting(state, stack)
                                     + self._persistent_mods(state, stack, dp_settled=False)
                                     + self._progress(state, stack))
                if self.matches(state, stack, sel, holder.owner, holder.uid, base=True, dp=dp):
                    if action.per is not None:  # 'for each …', counted now (on printed values)
                        action = self.multiplied(state, action, holder.owner, holder.uid, base=True)
                    mods.append(Modifier(f"{holder.alias}/{spec.card}/{spec.tag}", holder.owner, action,
                                         self.card(holder.top).kind))
        return mods

    def security_dp(self, state: State, owner: str, number: str) -> int:
        """A Security Digimon's DP: printed, plus the DP changes that speak of Security Digimon
        ('your opponent's Security Digimon get -3000 DP'), never below 0 (CR 13-1-7)."""
        sources = [(x.owner, x.action) for x in state.lasting if x.selector is not None]
        sources += [(h.owner, a) for h, spec in self.persistent(state)
                    for a in spec.record.compiled.actions]  # type: ignore[union-attr]
        delta = 0
        for effect_owner, action in sources:
            sel = action.selector
            if action.verb == "dp_modify" and sel is not None and sel.zone == "security" and (
                    sel.owner == "any" or (sel.owner == "self") == (owner == effect_owner)):
                delta += action.amount or 0
        return max(0, (self.card(number).dp or 0) + delta)

    def dp(self, state: State, stack: Stack) -> int:
        """Printed DP, plus its link cards' link DP (CR 4-3-4; not for a card without DP, Q6443),
        plus the sum of every modifier, never below 0."""
        return self._dp_of(stack, self.modifiers(state, stack))

    def _dp_of(self, stack: Stack, mods: list[Modifier]) -> int:
        """The DP these continuous changes give the stack (those it isn't affected by left out)."""
        top = self.card(stack.top)
        printed = top.dp or 0
        if not mods:  # the printed DP and its link cards' (none for a card without DP)
            return printed + sum(self.card(n).link_dp or 0 for n in stack.links) if top.dp is not None else 0
        if top.dp is not None:
            # 'change the original DP of … to N': the printed DP is treated as N, the latest such
            # change winning (QA Q972, Q2963); a card without DP has none to change (Q2964)
            changed = [m.action.amount for m in shielded(mods) if m.action.verb == "set_original_dp"]
            printed = changed[-1] if changed and changed[-1] is not None else printed
            printed += sum(self.card(n).link_dp or 0 for n in stack.links)
        return max(0, printed + dp_delta(shielded(mods)))  # type: ignore[arg-type]

    def can_attack(self, state: State, stack: Stack, *, the_player: bool = False,
                   a_digimon: bool = False) -> bool:
        """No "can't attack" reaches the stack (nor "can't attack players", for an attack on the
        player: it may still attack a Digimon, Q3325, Q1376; nor "can't attack your opponent's
        Digimon", for an attack on a Digimon: only the declared target, a block still battles, Q3242)."""
        barred = {"cant_attack"}
        if the_player:  # 'can only attack suspended Digimon': no player either
            barred |= {"cant_attack_players", "attacks_only_suspended"}
        if a_digimon:
            barred.add("cant_attack_digimon")
        return not any(m.action.verb in barred for m in self.modifiers(state, stack))

    # ------------------------------------------------------------ selectors
    @staticmethod
    def _same_orientation(state: State, stack: Stack, this_uid: int | None) -> bool:
        """'With the same orientation as this Digimon': suspended or not as this Digimon is now (QA
        Q7112: orientation is the suspended or unsuspended state); none while it is not in play."""
        this = state.find(this_uid) if this_uid is not None else None
        return this is not None and this.suspended == stack.suspended

    def matches(self, state: State, stack: Stack, sel: Selector, owner: str, this_uid: int | None,
                *, base: bool = False, dp: int | None = None) -> bool:
        """Whether ``stack`` is one of the cards ``sel`` speaks of, for an effect of ``owner``."""
        info = self.card(stack.top)
        # a card in play has its colours now, 'also treated as …' included (its colour count too)
        counts_colors = sel.min_colors is not None or sel.max_colors is not None
        by_color = sel.color or sel.not_color or counts_colors
        if by_color and (colors := stack_colors(self, state, stack)) != info.colors:
            info = replace(info, colors=colors)
        if stack.uid in self.use_costs:  # an Option used with the cost its own text gave it (QA Q5488)
            info = replace(info, play_cost=self.use_costs[stack.uid])
        checks = (
            sel.owner == "any" or (sel.owner == "self") == (stack.owner == owner),
            not sel.this or stack.uid == this_uid,
            not sel.other or stack.uid != this_uid,
            not sel.without_sources or not stack.sources,
            not sel.with_sources or bool(stack.sources),
            sel.source_kind is None or any(self.card(n).kind == sel.source_kind for n in stack.sources),
            sel.source_min_colors is None
            or any(len(self.card(n).colors) >= sel.source_min_colors for n in stack.sources),
            sel.state is None or (sel.state == "suspended") == stack.suspended,
            not sel.same_orientation_as_this or self._same_orientation(state, stack, this_uid),
        )
        if not all(checks) or not card_matches(info, sel, alternatives=False):
            return False
        if sel.with_keywords or sel.without_keywords:
            kws = self.base_keywords(state, stack) if base else self.keywords(state, stack)
            if sel.with_keywords and not any(k in kws for k in sel.with_keywords):
                return False
            if any(k in kws for k in sel.without_keywords):
                return False
        if sel.max_dp is not None or sel.min_dp is not None or sel.dp_at_most_this:
            if dp is None:
                dp = (info.dp or 0) if base else self.dp(state, stack)
            if (sel.max_dp is not None and dp > sel.max_dp) or (sel.min_dp is not None and dp < sel.min_dp):
                return False
            this = state.find(this_uid) if this_uid is not None else None
            if sel.dp_at_most_this and (this is None or dp > self.dp(state, this)):
                return False
        if sel.same_name_as_this:  # 'with the same name as this Digimon': a name they share
            this = state.find(this_uid) if this_uid is not None else None
            if this is None or not {n.lower() for n in info.names} & {
                    n.lower() for n in self.card(this.top).names}:
                return False
        if sel.sources_at_most_this:
            this = state.find(this_uid) if this_uid is not None else None
            if this is None or len(stack.sources) > len(this.sources):
                return False
        if sel.level_at_most_sources:  # 'a level less than or equal to the number of this Digimon's …'
            this = state.find(this_uid) if this_uid is not None else None
            if this is None or info.level is None or info.level > len(this.sources):
                return False
        if not relative.fits(self, state, stack, sel, owner, this_uid, base):  # compared with another value
            return False
        return not sel.any_of or any(
            self.matches(state, stack, alt, owner, this_uid, base=base) for alt in sel.any_of)


    def count(self, state: State, sel: Selector, owner: str, this_uid: int | None, *,
              base: bool = False, colors: bool = False) -> int:
        """How many cards a 'for each …' selector counts: stacks in play, or cards in a zone; with
        ``colors``, how many different colours those cards have (QA Q3209)."""
        found = self._counted(state, sel, owner, this_uid, base=base)
        if sel.different:  # '… with different names' (EX7-066): the most of them all different
            return most_different(self, found, sel.different)
        return len({c for n in found for c in self.card(n).colors}) if colors else len(found)

    def _counted(self, state: State, sel: Selector, owner: str, this_uid: int | None, *,
                 base: bool = False) -> list[str]:
        """The cards a 'for each …' selector counts (a stack by its top card)."""
        if sel.zone == "battle_area":
            return [s.top for s in state.board() if self.matches(state, s, sel, owner, this_uid, base=base)]
        if sel.zone == "sources":  # this card's digivolution cards (CR 4-27-1)
            this = state.find(this_uid) if this_uid is not None else None
            return [] if this is None else [n for n in this.sources if self.card_fits(n, sel)]
        rival = "B" if owner == "A" else "A"
        players = {"self": [owner], "opponent": [rival], "any": [owner, rival]}[sel.owner]
        if sel.kind == "Face-up":  # 'each of your face-up security cards' (CR 3-7-4)
            return [n for who in players for n in getattr(state.players[who], sel.zone) if is_face_up(n)]
        return [n for who in players for n in getattr(state.players[who], sel.zone) if self.card_fits(n, sel)]

    def multiplied(self, state: State, action: Action, owner: str, this_uid: int | None, *,
                   base: bool = False, counted: int | None = None) -> Action:
        """'For each …' / 'for every N …': the action with its amount (or keyword value) times
        the number counted now (``counted``: the number the caller counted, the Digimon the effect
        deleted)."""
        assert action.per is not None
        if counted is None:
            counted = self.count(state, action.per, owner, this_uid, base=base, colors=action.per_colors)
        times = counted // (action.per_every or 1)
        if action.verb in REPEATED:  # '<De-Digivolve 1>' that many times, not once bigger (QA Q4568)
            return action.model_copy(update={"times": times, "per": None})
        if by_count(action) and action.selector is not None:  # 'return 1 of their Digimon' x3: 3 (CR 4-27-4)
            chosen = action.selector.model_copy(update={"count": (action.selector.count or 0) * times})
            return action.model_copy(update={"selector": chosen, "per": None})
        field = "keyword_value" if action.verb == "gain_keyword" else "amount"
        return action.model_copy(update={field: (getattr(action, field) or 0) * times, "per": None})

    def card_fits(self, number: str, sel: Selector) -> bool:
        """Whether a card outside the battle area (hand, trash, revealed, digivolution cards) fits the
        selector: its printed facts, DP included."""
        info = self.card(number)
        dp = info.dp or 0
        if sel.source_kind is not None or sel.source_min_colors is not None:  # none outside the battle area
            return False
        if sel.with_keywords or sel.without_keywords:  # a card outside play has its printed keywords
            has = {k.keyword for r in info.effects for k in r.keywords if k.how == "has"}
            if (sel.with_keywords and not has & set(sel.with_keywords)) or has & set(sel.without_keywords):
                return False
        # an alternative is fitted whole, its DP too ('1 red Digimon card with 5000 DP or less or …')
        return card_matches(info, sel, alternatives=False) and (sel.max_dp is None or dp <= sel.max_dp) and (
            sel.min_dp is None or dp >= sel.min_dp) and (
            not sel.any_of or any(self.card_fits(number, alt) for alt in sel.any_of))


def _one_of(wanted: str | None, have: list[str]) -> bool:
    """A filter whose alternatives are joined by '/' (``Red/Blue``): any of them will do."""
    if not wanted:
        return True
    lowered = {_plain(h) for h in have}
    return any(_plain(w) in lowered for w in wanted.split("/"))


def _plain(name: str) -> str:
    """A name as compared: lower case, without the colon some texts leave out ('[Beelzemon Blast
    Mode]' for [Beelzemon: Blast Mode], EX2-065; QA Q797)."""
    return " ".join(name.replace(":", " ").lower().split())


def _contains_one(wanted: str | None, have: str) -> bool:
    """'with [Agumon] or [Greymon] in its name' (``Agumon/Greymon``): any of the parts is in it."""
    return not wanted or any(w.strip().lower() in have.lower() for w in wanted.split("/"))


def _trait_contains(sel: Selector, traits: list[str]) -> bool:
    """'With [Avian] or [Beast] in one of its traits (other than [Sea Animal])': a trait, not one of
    the excepted, with one of the words in it (QA Q2115)."""
    if not sel.trait_contains:
        return True
    excepted = {t.strip().lower() for t in (sel.trait_contains_except or "").split("/")}
    return any(_contains_one(sel.trait_contains, t) for t in traits if t.lower() not in excepted)


def card_matches(info: CardInfo, sel: Selector, *, alternatives: bool = True) -> bool:
    """Whether a card's printed facts fit the selector's card filters (kind, level, cost, name,
    trait, colour, text), wherever the card is: in play, in the hand, the trash or revealed."""
    fits = (
        (sel.kind in ("card", "player") or info.kind in sel.kind.split(" or "))
        and (sel.max_level is None or (info.level or 0) <= sel.max_level)
        and (sel.min_level is None or (info.level or 0) >= sel.min_level)
        and (sel.max_cost is None or (info.play_cost or 0) <= sel.max_cost)
        and (sel.min_cost is None or (info.play_cost or 0) >= sel.min_cost)
        and (not sel.name_contains or _contains_one(sel.name_contains, " ".join(info.name_parts)))
        and (not sel.name_lacks or not _contains_one(sel.name_lacks, " ".join(info.name_parts)))
        and (not sel.name or _one_of(sel.name, info.names))
        and (not sel.not_name or not _one_of(sel.not_name, info.names))
        and (_one_of(sel.trait, info.traits))
        and (_trait_contains(sel, info.traits))
        and (not sel.name_or_trait or _one_of(sel.name_or_trait, [*info.names, *info.traits]))
        and (_one_of(sel.color, info.colors))
        and (not sel.not_color or not _one_of(sel.not_color, info.colors))  # 'non-purple': no colour of it
        and (sel.min_colors is None or len(info.colors) >= sel.min_colors)
        and (sel.max_colors is None or len(info.colors) <= sel.max_colors)
        # 'with [X] in its text': its names, traits and every printed text (QA Q6051, Q4085)
        and (not sel.text_contains
             or _contains_one(sel.text_contains, " ".join([*info.names, *info.traits, info.text])))
        and (not sel.with_inherited or any(r.part == "inherited" for r in info.effects))
        and (not sel.token or is_token(info.number))  # 'Tokens' (CR 4-21-1)
        and (not sel.with_xros or info.prints_xros)  # 'with DigiXros requirements' (CR 2-3-7)
    )  # in this order, each looked at only while the others fit
    if not fits:
        return False
    return not alternatives or not sel.any_of or any(card_matches(info, alt) for alt in sel.any_of)
