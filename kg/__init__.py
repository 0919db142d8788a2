"""The graph (stores, build, validation), the solver and the state machine."""
