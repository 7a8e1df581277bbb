"""The declarative expression language of SimSpecs: parse, check, compile.

Preconditions, effects, goals and reward terms are short strings such as
``"at(?item, ?from) and not busy(?robot)"`` or ``"stock(?item) += 1"``. They are
parsed by a bounded recursive-descent parser, type-checked against the spec's
vocabulary, and compiled once into closures over the state arrays.
"""

from gensim_gym.dsl.parser import parse_effect, parse_expr

__all__ = ["parse_effect", "parse_expr"]
