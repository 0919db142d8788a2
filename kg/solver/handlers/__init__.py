"""Every handler of the solver, by family; importing this package binds them all into
``kg.solver.registry.REGISTRY``.

- ``trigger_conditions``, ``processing_conditions``, ``while_conditions``: when effects trigger and apply;
- ``effect_results``: conditions on what the effect has done so far ('If you do'); ``effect_numbers``:
  changes an effect makes to its own numbers ('add 2000 to this effect's DP maximum', CR 15-15-4);
- ``verbs``, ``card_moves``: what compiled actions do, and the zones cards are taken from (``deck_moves``:
  revealed cards back on the top or bottom of the deck); ``returns``:
  Digimon returned to the hand or deck;
- ``digivolve_effects``, ``place_under``: digivolving by an effect, placing cards under a card;
- ``gained_effects``: quoted effects a Digimon gains (CR 15-13);
- ``dna``, ``link``: DNA digivolution, link cards and App Fusion (CR 8-2, 8-4, 10);
- ``digixros``, ``assembly``: the play declarations that place cards under a played card (CR 7-2, 7-3);
- ``primitives``: what keywords do;
- ``attack``, ``turn``: the attack procedure's steps and the turn's phases;
- ``attack_effects``: attacking by an effect (``unsuspending_attacks``: without suspending;
  ``effect_battles``: a battle performed by an effect, no attack);
- ``turn_history``: conditions on what happened earlier in the turn ('if you've digivolved this turn');
- ``points``: delayed processing; ``ordering``: how pending effects are ordered;
- ``limits``: durations of lasting effects and usage limits; ``memory_rules``: who may gain memory;
  ``play_rules``: who may play Digimon by effects.
"""

from kg.solver.handlers import (  # noqa: F401
    activations,
    app_fusion,
    assembly,
    attack,
    attack_effects,
    board_conditions,
    breeding_moves,
    by_costs,
    card_faces,
    card_moves,
    cause_conditions,
    cost_moves,
    deck_moves,
    digivolve_effects,
    digixros,
    dna,
    effect_battles,
    effect_numbers,
    effect_results,
    either_cost,
    event_conditions,
    event_filters,
    gained_effects,
    hand_to_deck,
    limits,
    link,
    memory_rules,
    modal,
    next_time,
    one_of_two,
    opponent_choices,
    option_use,
    ordering,
    payment,
    place_under,
    play_effects,
    play_rules,
    points,
    primitives,
    processing_conditions,
    returns,
    security_moves,
    stacked_moves,
    static_verbs,
    suspended_triggers,
    tokens,
    trigger_conditions,
    turn,
    turn_history,
    unsuspending_attacks,
    verbs,
    while_conditions,
    zone_costs,
)
