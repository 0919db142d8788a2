"""Link cards (CR 10, 4-9) and App Fusion (CR 8-4).

- Linking (CR 10-1-3): a card with [Link] is revealed, a Digimon of the player that meets its link
  requirement (``kg.solver.rule_lines``) is chosen, the link cost is paid and the card is plugged
  in sideways: it becomes a link card, not a stacked card nor a card on the field (CR 4-9-2/4).
  At the link limit, as many existing link cards are trashed at the same time (CR 4-9-5). The
  ``Linked`` event follows: "when this Digimon gets linked" (its object) and the new link card's
  [When Linking] (CR 15-16-6) trigger. The Digimon gets the link DP and link effects of its link
  cards (CR 4-3-4/5; ``kg.solver.board``).
- The rule check (CR 17-1-3-2-5/6/7): link cards over the limit and link cards whose requirement
  the Digimon no longer meets are trashed; ``link_rule_check`` is called by the engine's rule check.
- App Fusion (CR 8-4-3): a Digimon named in the card's App Fusion requirement with a link card
  named there too (another one, CR 8-4-2-1): the link card goes on top of it, the card on top of
  that, its owner draws 1 and [When Digivolving] triggers.

- Linking by an effect (``link_card``: 'link 1 [Appmon] trait Digimon card from your hand to this
  Digimon without paying the cost', 'link this card to 1 of your Digimon on the field'): the same
  procedure (CR 10-1-3) with the effect's cost, free or the link cost reduced (never below 0, CR
  1-3-9). Only a card with [Link] can be linked (Q6056), to a Digimon that meets its link
  requirement (CR 10-1-3-1); not to a token (CR 4-21-4); a Digimon in the breeding area only when
  the text says 'on the field' (CR 3-4-7-5; Q5685, Q6443).

The link limit is 1 (CR 4-9-5) plus what <Link +X> adds (CR 16-40); while the graph declares
<Link +X> unsupported, a Digimon that has it is reported and its link limit is not guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Event, Pending
from kg.solver.handlers.app_fusion import fuse, fusing_links
from kg.solver.handlers.card_moves import zone_cards
from kg.solver.handlers.place_under import field_targets
from kg.solver.handlers.verbs import holder_stack, take_this
from kg.solver.moves import can_digivolve
from kg.solver.registry import REGISTRY
from kg.solver.rule_lines import app_fusion, link_requirement, unread_app_fusion
from kg.solver.state import PLAYERS, Stack
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: The keyword that raises the link limit (CR 16-40), by its name in the graph.
LINK_PLUS = "Link"


def link_limit(e: Engine, stack: Stack) -> int | None:
    """How many link cards the Digimon may have (CR 4-9-5, 16-40-3); None when it has <Link +X>
    and the graph declares that keyword unsupported (reported)."""
    plus = e.board.keywords(e.state, stack).get(LINK_PLUS)
    if plus is None:
        return 1
    why = e.index.unsupported.get(("keyword", LINK_PLUS))
    if why:
        e.rec.unsupported_part(None, "rule", f"{stack.alias}'s link limit with <Link +{plus}>",
                               f"<Link +X> (CR 16-40): {why}")
        return None
    return 1 + plus


def is_link_card(e: Engine, number: str) -> bool:
    """Whether the card has [Link] at all: a link requirement, link DP or a link effect (CR 2-3-11-4)."""
    info = e.board.card(number)
    return bool(info.link_requirement or info.link_dp is not None
                or any(r.part == "link" for r in info.effects))


def _when_linking(e: Engine, number: str) -> bool:
    return any(spec.record is not None and spec.record.part == "link" and "Linked" in spec.events
               for spec in e.board.specs(number))


def _choose_trashed(e: Engine, stack: Stack, number: str, count: int) -> list[str]:
    """The link cards the player trashes to keep the link limit (CR 4-9-5, Q6370): the file's
    ``decisions.targets`` for ``ALIAS/CARD/Link`` (CARD: the card being linked, or the Digimon's top
    card at a rule check), else the oldest ones."""
    chosen = e.decide.targets(stack.owner, f"{stack.alias}/{number}/Link", list(dict.fromkeys(stack.links)),
                              count)
    pool, picked = list(stack.links), []
    for card in [*chosen, *stack.links]:  # the chosen ones, then the oldest, each copy once
        if len(picked) < count and card in pool:
            pool.remove(card)
            picked.append(card)
    return picked


@REGISTRY.register("event", "Linked")
def plug_in(e: Engine, stack: Stack, number: str, cost: int, cites: list[str]) -> None:
    """CR 10-1-3-2/3: pay the link cost and plug the card in as the newest link card; at the link
    limit the oldest link cards go to the trash at the same time (CR 4-9-5); then ``Linked``."""
    s, owner = e.state, stack.owner
    s.pay(owner, cost)
    limit = link_limit(e, stack)
    excess = len(stack.links) + 1 - (limit if limit is not None else len(stack.links) + 1)
    if excess > 0:
        gone = _choose_trashed(e, stack, number, excess)
        for card in gone:
            stack.links.remove(card)
        s.players[owner].trash.extend(gone)
        e.rec.log(f"{stack.alias} is at its link limit: {', '.join(gone)} trashed as {number} is linked",
                  [*cites, *e.cites("link_limit")])
    stack.links.append(number)
    e.rec.log(f"{number} is linked to {stack.alias} for {cost} memory", cites)
    e.done += 1
    older = [n for n in stack.links[:-1] if _when_linking(e, n)]
    if older:  # the engine does not tell link cards of the same Digimon apart when triggering
        e.rec.unsupported_part(None, "rule", f"[When Linking] of {', '.join(older)} on {stack.alias}",
                               "a Digimon with several link cards: which link card's [When Linking] "
                               "triggers is not told apart (CR 15-16-6)")
    snap = e.snap(stack)
    e.emit(Event("Linked", snap, snap))


def link_card(e: Engine, alias: str, number: str | None, source: str | None = None) -> None:
    """The turn player links a card from the hand, or the top card of one of their Digimon in the
    battle area (``source``), to one of their Digimon (CR 6-5-1-4-1, 10-1-3)."""
    s, tp = e.state, e.state.turn_player
    moved = s.by_alias(source) if source else None
    number = moved.top if moved is not None else number
    what, cites = f"link {source or number} to {alias}", e.cites("link")
    stack = s.by_alias(alias)
    if stack is None or stack.owner != tp or e.board.card(stack.top).kind != "Digimon":
        return e.refuse(what, f"{alias} is not a Digimon in the turn player's battle area", cites)
    if source and (moved is None or moved.owner != tp or moved.uid == stack.uid):
        return e.refuse(what, f"{source} is not another card in the turn player's battle area", cites)
    if number is None or (moved is None and number not in s.players[tp].hand):
        return e.refuse(what, f"{number} is not in the hand", cites)
    info = e.board.card(number)
    req = link_requirement(info)
    if req is None:
        if is_link_card(e, number):
            e.rec.unsupported_part(None, "rule", info.link_requirement or f"{number}'s link requirement",
                                   "the link requirement is not known to the solver (CR 2-3-11-4-2)")
            return None
        return e.refuse(what, f"{number} has no [Link] (Q6056)", cites)
    if not req.fits(e.board.card(stack.top)):
        return e.refuse(what, f"{alias} does not meet {number}'s link requirement "
                        f"({info.link_requirement})", cites)
    if moved is not None:
        if _answered(e, moved):
            return None
        _off_the_field(e, moved, cites)
    else:
        s.players[tp].hand.remove(number)
    e.rec.log(f"{tp} reveals {number} to link it to {alias}: {info.link_requirement}", cites)
    plug_in(e, stack, number, req.cost, cites)
    e.flush()
    e.resolve()
    return None


@REGISTRY.register("verb", "link_card")
def link_by_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """Link ``a.card`` (a card of a zone, or this card) to the selector's Digimon by an effect: the
    card is revealed and chosen, then a Digimon that meets its link requirement (CR 10-1-3-1), then
    the effect's cost is paid and it is plugged in (CR 10-1-3-2/3, ``plug_in``)."""
    sel, cites = a.card, e.cites("link_by_effect")
    assert sel is not None and a.selector is not None, "the compiler names the card and the Digimon"
    onto = _link_targets(e, p, a)
    if sel.this:
        number = p.holder.cards[-1]
        if holder_stack(e, p) is not None:  # a card in the battle area linking itself (CR 6-5-1-4-1)
            e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                                   "linking this card from the battle area by an effect is not implemented")
            return cites
        pool: list[str] = [number]
    else:
        pool = zone_cards(e, p, sel)
    fitting = list(dict.fromkeys(n for n in pool if n and (sel.this or e.board.card_fits(n, sel))
                                 and is_link_card(e, n)))
    unread = [n for n in fitting if link_requirement(e.board.card(n)) is None]
    if unread:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               f"the link requirement of {', '.join(unread)} is not known to the solver")
        return cites
    # a card that some chosen Digimon meets the link requirement of (CR 10-1-3-1; Q6056: with [Link] only)
    linkable = [n for n in fitting if any(_meets(e, n, s) for s in onto)]
    chosen = e.decide.targets(p.player, p.label, linkable, 1)
    if not chosen:
        e.rec.log(f"{p.label}: no card with [Link] whose link requirement a Digimon of the effect meets",
                  cites)
        return cites
    number = chosen[0]
    fits = [s for s in onto if _meets(e, number, s)]
    alias = e.decide.targets(p.player, p.label, [s.alias for s in fits], 1)
    stack = next(s for s in fits if s.alias in alias)
    if sel.this:
        if not take_this(e, p, "linked"):
            return cites
        e.placed.add(p.holder.uid)  # an Option being used becomes a link card, not trashed (CR 9-1-5)
    else:
        pool.remove(number)
    req = link_requirement(e.board.card(number))
    assert req is not None
    cost = 0 if a.free else max(0, req.cost - (a.amount or 0))  # CR 1-3-9
    where = "card in use" if sel.this else sel.zone.replace("_", " ")
    e.rec.log(f"{p.label}: reveals {number} from the {where} to link it to {stack.alias} "
              f"({e.board.card(number).link_requirement})", cites)
    plug_in(e, stack, number, cost, cites)
    return cites


def _link_targets(e: Engine, p: Pending, a: Action) -> list[Stack]:
    """The Digimon the effect may link to, tokens excepted (CR 4-21-4): in the battle area, and the
    breeding area's when the text says 'on the field' (zone ``field``, CR 3-4-6, 3-4-7-5)."""
    assert a.selector is not None
    return [s for s in field_targets(e, p, a.selector) if e.board.card(s.top).kind == "Digimon"
            and not is_token(s.top)]


def _meets(e: Engine, number: str, stack: Stack) -> bool:
    req = link_requirement(e.board.card(number))
    return req is not None and req.fits(e.board.card(stack.top))


def _answered(e: Engine, moved: Stack) -> bool:
    """Effects answering the linked Digimon leaving the battle area are not carried out for a link:
    reported, and the link is not made (nothing guessed)."""
    answering = [x.label for x in e.immediates(Event("WouldLeaveBattleArea", e.snap(moved), cause="rule"))]
    if answering:
        e.rec.unsupported_part(None, "rule", f"linking {moved.alias} from the battle area",
                               f"effects answering it leaving the battle area ({', '.join(answering)}) "
                               "are not carried out for a link")
    return bool(answering)


def _off_the_field(e: Engine, moved: Stack, cites: list[str]) -> None:
    """A Digimon linked from the battle area is removed from it: its digivolution cards and link
    cards are trashed (CR 6-5-1-4-1, 4-9-6; Rule Manual 'Linking')."""
    player = e.state.players[moved.owner]
    player.battle_area = [x for x in player.battle_area if x.uid != moved.uid]
    player.trash.extend([*moved.sources, *moved.links])
    e.rec.log(f"{moved.alias} leaves the battle area to be linked; the cards under it are trashed", cites)


def _linked_stacks(e: Engine) -> list[Stack]:
    s = e.state
    found = [x for x in s.board() if x.links]
    found += [b for b in (s.players[p].breeding for p in PLAYERS) if b is not None and b.links]
    return found


def link_rule_check(e: Engine) -> list[int]:
    """CR 17-1-3-2-5/6/7, all at once: link cards whose requirement the Digimon no longer meets
    (Q4558) and those over its link limit (the oldest by default, Q6370) are trashed. A linked
    card that is not a Digimon is reported: the rule's reading is not settled here. Returns the
    uids of the stacks that lost link cards."""
    plan: list[tuple[Stack, list[str]]] = []
    for stack in _linked_stacks(e):
        top = e.board.card(stack.top)
        if top.kind != "Digimon":
            e.rec.unsupported_part(None, "rule", f"{stack.alias} ({top.kind}) has link cards",
                                   "a linked card of a category other than the <Link> notes name "
                                   "(CR 17-1-3-2-7) is not carried out")
            continue
        unmet, keep = [], []
        for number in stack.links:
            req = link_requirement(e.board.card(number))
            if req is None:  # kept, and said: whether it still meets it is not known
                e.rec.unsupported_part(None, "rule", e.board.card(number).link_requirement or number,
                                       f"{number}'s link requirement is not known to the solver "
                                       "(CR 17-1-3-2-6)")
            (unmet if req is not None and not req.fits(top) else keep).append(number)
        limit = link_limit(e, stack)
        over = []
        if limit is not None and len(keep) > limit:
            kept = Stack(stack.uid, stack.alias, stack.owner, stack.cards, links=keep)
            over = _choose_trashed(e, kept, stack.top, len(keep) - limit)
        if unmet or over:
            plan.append((stack, [*unmet, *over]))
    for stack, gone in plan:
        for number in gone:
            stack.links.remove(number)
        e.state.players[stack.owner].trash.extend(gone)
        e.rec.log(f"rule check: {stack.alias}'s link cards {', '.join(gone)} are trashed",
                  [*e.order_cites("rule_check"), *e.cites("link_rule_check")])
    return [stack.uid for stack, _ in plan]


def app_fuse(e: Engine, alias: str, number: str, link: str | None = None) -> None:
    """The turn player app fuses a linked Digimon into a card from the hand (CR 6-5-1-2-4, 8-4-3)."""
    s, tp = e.state, e.state.turn_player
    what, cites = f"app fuse {alias} into {number}", e.cites("app_fusion")
    stack = s.by_alias(alias)
    if stack is None or stack.owner != tp:
        return e.refuse(what, f"{alias} is not the turn player's card in the battle area", cites)
    if number not in s.players[tp].hand:
        return e.refuse(what, f"{number} is not in the hand", cites)
    info = e.board.card(number)
    if unread_app_fusion(info):
        e.rec.unsupported_part(None, "rule", number, "the App Fusion requirement is not read by the solver")
        return None
    req = app_fusion(info)
    if req is None:
        return e.refuse(what, f"{number} has no [App Fusion]", cites)
    fits = fusing_links(e, stack, number, link)
    if not fits:
        return e.refuse(what, f"{alias} and its link cards do not meet {number}'s App Fusion requirement "
                        f"({' & '.join(req.names)}: 2 different of them, Q4527)", cites)
    if not can_digivolve(e, stack):  # CR 8-4-2-3, 15-1-3
        return e.refuse(what, f"{alias} can't digivolve", cites)
    s.players[tp].hand.remove(number)
    fuse(e, stack, number, fits[0], req.cost, cites)  # CR 8-4-3-2, 8-4-3-3
    e.flush()
    e.resolve()
    return None
