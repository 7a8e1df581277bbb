"""SimSpec: the JSON unit that is generated, validated, cached, shared and replayed."""

from gensim_gym.spec.model import FORMAT, Fluent, Param, Predicate, Reward, SimSpec, Term, Tool, Tools, World
from gensim_gym.spec.validate import load_spec, schema, validate_spec

__all__ = ["FORMAT", "Fluent", "Param", "Predicate", "Reward", "SimSpec", "Term", "Tool", "Tools", "World",
           "load_spec", "schema", "validate_spec"]
