"""The turn player's other actions: play, digivolve, use an Option, activate a [Main], end the turn."""

from __future__ import annotations

from kg.attack import illegal
from kg.engine import Engine, Event, Pending, Snapshot
from kg.state import Stack, opponent


def enter_play(e: Engine, owner: str, number: str, *, played: bool) -> Stack:
    """Put a card into the battle area as a new stack; ``played`` emits CardPlayed (CR 7)."""
    s = e.state
    stack = Stack(s.new_uid(), s.fresh_alias(number), owner, [number], played_this_turn=True)
    s.players[owner].battle_area.append(stack)
    e.done += 1
    e.rec.log(f"{owner} plays {number} as {stack.alias}", e.index.cites_of.get("CardPlayed", ()))
    if played:
        e.emit(Event("CardPlayed", e.snap(stack)))
    return stack


def _from_hand(e: Engine, what: str, number: str) -> bool:
    hand = e.state.players[e.state.turn_player].hand
    if number not in hand:
        illegal(e, what, f"{number} is not in the hand")
        return False
    hand.remove(number)
    return True


def play(e: Engine, number: str) -> None:
    """Play a Digimon or Tamer from the hand, paying its cost; [On Play] then triggers (CR 15-16-2)."""
    if not _from_hand(e, f"play {number}", number):
        return
    tp = e.state.turn_player
    e.state.pay(tp, e.board.card(number).play_cost or 0)
    enter_play(e, tp, number, played=True)
    e.flush()
    e.resolve()


def digivolve(e: Engine, alias: str, number: str) -> None:
    """Digivolve a stack into a card from the hand, paying the cost (CR 8)."""
    stack = e.state.by_alias(alias)
    what = f"digivolve {alias} into {number}"
    if stack is None or stack.owner != e.state.turn_player:
        return illegal(e, what, f"{alias} is not the turn player's Digimon")
    if not _from_hand(e, what, number):
        return
    evolve(e, stack, number, e.board.card(number).digivolve_cost or 0)
    e.flush()
    e.resolve()


def evolve(e: Engine, stack: Stack, number: str, cost: int) -> None:
    """Place the card on the stack, pay, draw 1 (CR 8-1-3-3); [When Digivolving] triggers."""
    owner = e.state.players[stack.owner]
    e.state.pay(stack.owner, cost)
    stack.cards.append(number)
    if owner.deck:
        owner.hand.append(owner.deck.pop(0) or "(blank)")
    e.rec.log(f"{stack.alias} digivolves into {number}" + ("" if cost else " without paying the cost"),
              e.index.cites_of.get("Digivolved", ()))
    e.emit(Event("Digivolved", e.snap(stack)))


def _main_effect(e: Engine, holder: Snapshot, number: str) -> Pending | None:
    for spec in e.board.specs(number):
        if spec.category == "activation" and spec.tag.startswith("Main"):
            return Pending(e.label(holder, spec), holder.owner, 0, spec, holder, Event("Main"),
                           (holder.pos, 0), on_field=False, kind="activation")
    return None


def use(e: Engine, number: str) -> None:
    """Use an Option from the hand: pay, run its [Main] effect, then trash it (CR 7-3)."""
    tp = e.state.turn_player
    if not _from_hand(e, f"use {number}", number):
        return
    e.state.pay(tp, e.board.card(number).play_cost or 0)
    holder = Snapshot(e.state.new_uid(), tp, tp, (number,), False, -1)
    e.rec.log(f"{tp} uses {number}", e.index.cites_of.get("Main", ()))
    e.emit(Event("OptionUsed", holder))
    p = _main_effect(e, holder, number)
    if p is None:
        illegal(e, f"use {number}", "the card has no [Main] effect")
    else:
        e.activate_now(p)
    e.state.players[tp].trash.append(number)
    e.flush()
    e.resolve()


def activate(e: Engine, alias: str, number: str) -> None:
    """Activate a [Main] effect of a card in a stack (CR 15-16-7)."""
    stack = e.state.by_alias(alias)
    what = f"activate {alias}/{number}"
    if stack is None or number not in stack.cards:
        return illegal(e, what, f"{number} is not in {alias}")
    p = _main_effect(e, e.snap(stack), number)
    if p is None:
        return illegal(e, what, f"{number} has no [Main] effect")
    p.on_field = True
    e.activate_now(p)
    e.flush()
    e.resolve()


def end_turn(e: Engine) -> None:
    """End of turn triggers, lasting effects end, then the next turn's start (CR 6-6, 6-2, 6-3)."""
    s = e.state
    if s.memory_of(s.turn_player) >= 0:
        passed = e.index.constant("memory_after_pass")  # passing (CR 6-5-1-7-1)
        s.memory_a = -passed if s.turn_player == "A" else passed
    e.rec.log(f"end of turn {s.turn} ({s.turn_player})", e.index.cites_of.get("TurnEnding", ()))
    e.emit(Event("TurnEnding"))
    _pending_at(e, "end_of_turn")
    e.flush()
    e.resolve()
    ending = [x for x in s.lasting if x.expires_after_turn is not None and x.expires_after_turn <= s.turn]
    for x in ending:
        e.rec.log(f"{x.label}: its effect ends ({x.action.duration})", x.cites)
    s.lasting = [x for x in s.lasting if x not in ending]
    s.turn += 1
    s.turn_player = opponent(s.turn_player)
    s.used.clear()
    for stack in s.board():
        stack.played_this_turn = False
    e.rec.log(f"turn {s.turn} ({s.turn_player}) starts", e.index.cites_of.get("TurnStarted", ()))
    e.emit(Event("TurnStarted"))
    e.flush()
    e.resolve()
    for stack in s.players[s.turn_player].battle_area:
        stack.suspended = False
    for stack in s.players[opponent(s.turn_player)].battle_area:
        if stack.suspended and e.board.has_primitive(s, stack, "reboot"):  # CR 16-11
            stack.suspended = False
            e.rec.log(f"{stack.alias} unsuspends in the opponent's unsuspend phase (<Reboot>)",
                      e.cites("reboot"))
    deck = s.players[s.turn_player].deck
    if not deck:
        s.winner = opponent(s.turn_player)
        e.rec.log(f"{s.turn_player} cannot draw: {s.winner} wins", ["CR 1-2-3-2"])
        return
    s.players[s.turn_player].hand.append(deck.pop(0) or "(blank)")
    e.emit(Event("MainPhaseStarted"))
    e.flush()
    e.resolve()


def _pending_at(e: Engine, point: str) -> None:
    """Delayed processing waiting for this point joins what triggers now (CR 18-1, Q5533)."""
    s = e.state
    waiting = [p for at, p in s.delayed if at == point]
    s.delayed = [(at, p) for at, p in s.delayed if at != point]
    for p in waiting:
        assert isinstance(p, Pending)
        e.collected.append(p)
