"""The structured form of an effect: what the effect compiler produces and the solver runs.

Names of events, roles, trigger conditions, categories and timings are the local names of the
ontology's individuals (``DeletedInBattle``, ``ObjectRole``, ``ThisSurvives``, ``TriggerType``,
``OnPlay``), so that every part of an effect points into the graph.

>>> Action(verb="delete", selector=Selector(owner="opponent", max_dp=4000)).selector.count
1
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Owner = Literal["self", "opponent", "any"]
Duration = Literal[
    "instant", "this_turn", "this_attack", "until_end_of_opponents_turn", "until_end_of_opponents_next_turn",
    "until_end_of_your_turn",
    "until_end_of_your_next_turn", "while_condition", "permanent",
]


class Selector(BaseModel):
    """Which cards an action applies to, relative to the effect's owner."""

    owner: Owner = "opponent"
    kind: Literal["Digimon", "Tamer", "Digimon or Tamer", "card", "player", "Option",
                  "Face-down", "Face-up"] = "Digimon"  # a face-down card under a card (CR 4-7-9), a face-up
    # security card (CR 3-7-4)
    this: bool = Field(False, description="'this Digimon' / 'this card'")
    battled: bool = Field(False, description="'the Digimon it battled'")
    subject: bool = Field(False, description="'that Digimon': the subject of the triggering event")
    those: bool = Field(False, description="'1 of those Digimon': among the subjects of the events that "
                                           "triggered the effect, the simultaneous ones included (CR 15-5-2)")
    count: int | None = Field(1, description="how many; None means all")
    up_to: bool = False
    other: bool = Field(False, description="'another' / 'other': not this card")
    max_dp: int | None = None
    min_dp: int | None = None
    max_level: int | None = None
    min_level: int | None = None
    max_cost: int | None = None
    min_cost: int | None = None
    extreme: Literal["highest_dp", "lowest_dp", "highest_level", "lowest_level",
                     "highest_cost", "lowest_cost", "fewest_sources"] | None = None
    with_keywords: list[str] = Field(default_factory=list, description="any of these keywords")
    without_keywords: list[str] = Field(default_factory=list, description="none of these keywords")
    dp_at_most_this: bool = Field(False, description="'with as much or less DP as this Digimon'")
    sources_at_most_this: bool = Field(
        False, description="'with as many or fewer digivolution cards as this Digimon'"
    )
    level_at_most_sources: bool = Field(
        False, description="'with a level less than or equal to the number of this Digimon's digivolution "
                           "cards'"
    )
    compare: Literal["dp", "level", "cost", "sources"] | None = Field(
        None, description="a value compared with another card's or with a count ('with DP less than or equal "
                          "to the chosen Digimon'): ``compare_op`` ``compare_to``")
    compare_op: Literal["at_most", "at_least"] | None = None
    compare_to: str | None = Field(
        None, description="'this' (the effect's card), 'chosen' (the Digimon the effect's previous cost or "
                          "action chose, as it was then if it has left play), 'subject' (the triggering "
                          "event's subject now, QA Q2845), or 'count:<zone>:<self|opponent>'")
    max_sources: int | None = Field(None, description="'with N or fewer digivolution cards'")
    min_sources: int | None = Field(None, description="'with N or more digivolution cards'")
    total: Literal["dp", "cost", "level"] | None = Field(
        None, description="'any number … whose total DP adds up to N or less': the value summed "
                          "(``total_max``)")
    total_max: int | None = None
    unchosen: bool = Field(False, description="'delete all other Digimon': not one the effect chose before")
    name_or_trait: str | None = Field(
        None, description="'1 [X] Digimon card': a card named X or with the trait X ('/' joins several)")
    not_trait: str | None = Field(
        None, description="'without [X Antibody] in its traits': none of these traits ('/' joins several)")
    without_sources: bool = False
    with_inherited: bool = Field(False, description="'with inherited effects': one is printed on the card")
    unlike_own_cards: bool = Field(
        False, description="'without the same name as the cards in your battle area or trash': no top card "
                           "in its owner's battle area and no card of their trash has its name (QA Q3531)"
    )
    unlike_own: Literal["Tamer", "Digimon"] | None = Field(
        None, description="'this effect can't play cards with the same name as any of your Tamers': no "
                          "name of the player's Tamers (Digimon) in play is the card's")
    with_sources: bool = Field(False, description="'with digivolution cards': one or more")
    with_xros: bool = Field(False, description="'with DigiXros requirements': the card prints one (CR 2-3-7)")
    different: Literal["names", "colors"] | None = Field(
        None, description="'with different names/colors', 'differently named': the cards chosen together "
                          "each have their own (kg/solver/distinct.py)")
    same_name_as_this: bool = Field(
        False, description="'with the same name as this Digimon': one of its names is one of this card's")
    same_orientation_as_this: bool = Field(
        False, description="'with the same orientation as this Digimon': suspended if this Digimon is, "
                           "unsuspended if it is not (QA Q7112)")
    source_kind: Literal["Tamer"] | None = Field(
        None, description="'with a Tamer card in its digivolution cards': a card of this kind among them")
    token: bool = Field(False, description="'Tokens': a token (CR 4-21-1), not a card")
    min_colors: int | None = Field(None, description="'with 2 or more colors', '2-color': at least N colours")
    source_min_colors: int | None = Field(
        None, description="'with 2 or more colors in one of its digivolution cards': such a card among them")
    max_colors: int | None = Field(None, description="'2-color': at most N colours")
    name_contains: str | None = None
    name_lacks: str | None = Field(
        None, description="'without [X] in its name' (BT11-073): none of these in its name ('/' joins some)")
    trait: str | None = Field(None, description="a trait; alternatives joined by '/' mean any of them")
    trait_contains: str | None = Field(
        None, description="'with [Beast] in one of its traits': a trait with one of these words in it, "
                          "whatever other words it has ('Holy Beast'; '/' joins several; QA Q2115)")
    trait_contains_except: str | None = Field(
        None, description="'(other than [Sea Animal])': traits that don't count for ``trait_contains``")
    zone: str = "battle_area"
    name: str | None = Field(None, description="exactly this card name ('1 [Agumon]')")
    not_name: str | None = Field(
        None, description="not this exact card name ('non-[DarkKnightmon (X Antibody)]'); '/' joins several")
    text_contains: str | None = Field(
        None, description="'with [X] in its text'; a keyword keeps its brackets ('<Save>')"
    )
    color: str | None = Field(None, description="a colour; alternatives joined by '/' mean any of them")
    not_color: str | None = Field(
        None, description="'non-purple': none of its colours is this one ('/' joins several)")
    state: Literal["suspended", "unsuspended"] | None = None
    any_of: list[Selector] = Field(
        default_factory=list,
        description="'with [X] in its name or the [Y] trait': the card meets the filters of one of these",
    )


class Action(BaseModel):
    """One thing an effect does.

    Verbs the state machine knows: delete, suspend, unsuspend, return_to_hand, return_to_deck,
    de_digivolve, trash_security, dp_modify, gain_memory, lose_memory, draw, recovery,
    gain_keyword, cant_attack, cant_block, play_self, add_self_to_hand, prevent, trash_source,
    keyword (run the keyword's own processing), security_checks.
    The compiler also names: set_memory, activate_effect (this card's effect of ``timing``),
    place_self (into the battle area, not played), play_card (a card chosen by the selector from
    its zone; ``amount``: its play cost reduced by that much), reveal (the top ``amount`` cards
    of the deck), add_to_hand (chosen cards),
    rest_to_deck / rest_to_deck_top / trash_rest (the revealed cards not chosen), security_to_hand,
    bottom_security_to_hand, place_self_face_up_bottom_security, attack,
    trash_card (from the hand), trash_deck, reduce_play_cost, reduce_digivolve_cost, cant_suspend,
    end_attack, ignore_color_requirements, cant_unsuspend, cant_digivolve, change_attack_target,
    trash_top_sources / trash_bottom_sources / trash_any_sources / trash_all_sources (``amount``
    digivolution cards from the top or bottom of, any chosen of, or all of each Digimon the
    selector picks).
    digivolve (the selector's Digimon into ``card``; ``free``, or the cost reduced by ``amount``),
    place_under (``card`` placed under the selector's Digimon or Tamer as its bottom digivolution
    card), reduce_cost (of the play or digivolution a 'would' trigger names; the compiler turns it
    into reduce_play_cost or reduce_digivolve_cost), gain_effect (the selector's cards gain the
    quoted effect ``granted`` for the duration, CR 15-13).
    An action with ``processed_at`` is pending processing: it is carried out at that point
    (``EndOfTurnPoint``, ``EndOfBattlePoint``), not when the effect resolves (CR 18-1).
    """

    verb: str
    selector: Selector | None = None
    card: Selector | None = Field(None, description="the card brought in (digivolve, place_under)")
    amount: int | None = None
    keyword: str | None = Field(None, description="keyword local name for gain_keyword / keyword")
    keyword_value: int | None = None
    duration: Duration = "instant"
    optional: bool = False
    free: bool = Field(False, description="without paying the cost")
    suspended: bool = Field(False, description="play_card: the card enters the battle area suspended")
    cost: int | None = Field(None, description="digivolve: for this fixed cost instead of the printed one")
    ignore_requirements: bool = Field(
        False, description="digivolve: ignoring digivolution requirements; use_option: without meeting the "
                           "Option card's color requirements")
    ignore_level: bool = Field(
        False, description="digivolve: 'ignoring level': a requirement met but for its level (QA Q5603)")
    without_battling: bool = False
    timing: str | None = Field(None, description="timing local name for activate_effect")
    per: Selector | None = Field(None, description="'for each …': done once per card this selector matches")
    per_every: int | None = Field(None, description="'for every N …': once per N of the ``per`` cards")
    per_colors: bool = Field(
        False, description="'for each colour …': the different colours of the ``per`` cards are counted "
                           "(QA Q3209)")
    per_done: str | None = Field(
        None, description="'for each Digimon deleted by this effect': the ``per`` cards are those the "
                          "effect's earlier actions did this to (an effect_results condition code)")
    times: int | None = Field(
        None, description="'for each …, <De-Digivolve 1> 1 of …': done this many times on the one chosen "
                          "Digimon, each time anew (not <De-Digivolve 2>: QA Q4568, Q1916)")
    same_targets: bool = Field(
        False, description="applies to the cards the previous action chose: one choice for both"
    )
    changed_only: bool = Field(
        False, description="with same_targets: only the chosen cards the previous action changed ('cards "
                           "this effect suspended', QA Q1782)")
    pays: bool = Field(
        False, description="a cost paid in the middle of the effect ('A. Then, by X, B', CR 15-7-2): the "
                           "actions after it happen only if it is paid in full; it ends the effect")
    processed_at: str | None = Field(
        None, description="ProcessingPoint local name of a delayed action ('at the end of the turn', CR 18-1)"
    )
    granted: EffectRecord | None = Field(
        None, description="gain_effect: the effect the selector's cards gain, compiled on its own (CR 15-13)"
    )
    modes: list[EffectRecord] = Field(
        default_factory=list,
        description="choose_effects: the effects listed after 'activate 1 of the effects below', in printed "
                    "order, each compiled on its own (ingest.compiler.modal_phrases, CR 15-15-7)")
    span: str = ""
    compiled: bool = True


class Condition(BaseModel):
    """A processing condition ('if ...', 'while ...'), checked when the effect activates (CR 15-6),
    or, when it governs only some actions, when the first of them is reached."""

    kind: str
    amount: int | None = None
    selector: Selector | None = None
    negated: bool = False
    governs: list[int] = Field(
        default_factory=list,
        description="positions (from 0) of the actions this condition governs; empty: the whole effect",
    )
    span: str = ""
    compiled: bool = True
    either: list[Condition] = Field(
        default_factory=list, description="kind 'either' ('if X or Y'): holds when one of these holds")


class Trigger(BaseModel):
    """What makes the effect trigger: a game event and the role its own card plays in it."""

    event: str
    this_role: str = "SubjectRole"
    requires: list[str] = Field(default_factory=list)
    selector: Selector | None = Field(None, description="further filter on the event's subject "
                                      "('when one of your [Dragon] trait Digimon attacks')")
    object_selector: Selector | None = Field(
        None, description="filter on the event's object: the Digimon that deleted the subject in battle "
                          "('when one of your [Dramon] Digimon deletes …'), the Digimon that would digivolve")
    span: str = ""


class CompiledEffect(BaseModel):
    """An effect's structure: trigger, processing conditions, costs, actions."""

    category: Literal["TriggerType", "Persistent", "ActivationType", "ImmediateType",
                      "ExecuteProcessing", "Rule"] = "TriggerType"
    trigger: Trigger | None = None
    conditions: list[Condition] = Field(default_factory=list)
    costs: list[Action] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)
    trigger_compiled: bool = False
    actions_compiled: bool = False


class KeywordUse(BaseModel):
    """A keyword in an effect's text, with its value (<Security A. +1> has value 1)."""

    keyword: str
    value: int | None = None
    how: Literal["has", "grants", "mentions"] = "has"


class EffectRecord(BaseModel):
    """One effect of one card, as split from its text and compiled."""

    card: str
    part: Literal["main", "inherited", "security", "link", "ace", "dual", "option"] = "main"
    index: int = 1
    text: str
    timings: list[str] = Field(default_factory=list, description="Timing local names, in order")
    tags: list[str] = Field(default_factory=list, description="usage limits and zone icons")
    keywords: list[KeywordUse] = Field(default_factory=list)
    label_tag: str = Field("", description="the TAG of the scenario label, e.g. YourTurn#2")
    compiled: CompiledEffect = Field(default_factory=CompiledEffect)

    @property
    def inherited(self) -> bool:
        return self.part == "inherited"

    @property
    def security(self) -> bool:
        return "Security" in self.timings


Action.model_rebuild()  # ``granted`` names EffectRecord, defined after Action
