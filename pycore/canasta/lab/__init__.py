"""The lab and the command line, apart from the engine core.

- :mod:`~canasta.lab.cli`: ``python -m canasta ...`` (``canasta.__main__`` calls it);
- :mod:`~canasta.lab.simulate`: random legal play checking the engine's invariants;
- :mod:`~canasta.lab.speed`: the engine's speed figures (``bench``);
- :mod:`~canasta.lab.match`, :mod:`~canasta.lab.pairs`: duplicate matches between bots,
  their pair values saved and compared (``match``, ``compare``);
- :mod:`~canasta.lab.think_time`: the bots' think time per decision (``bench-bots``).

The core (every module outside this package) never imports from here
(``tests/engine/test_layers.py``). It ships in the same wheel, so that these commands
also run inside Pyodide (``build/run-pyodide-cli.mjs``, ``make bench``).
"""
