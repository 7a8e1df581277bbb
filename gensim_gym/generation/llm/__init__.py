"""The LLM backend: GenTask → GenTools → GenReward through any OpenAI-compatible model (or any ``Backend``).

Public names are re-exported here; the implementation lives in the private
modules of this package. ``openai`` is imported only when an
:class:`OpenAIBackend` is made.
"""

from gensim_gym.generation.llm.api import Batch, generate_llm, generate_many, llm_family, make_backend
from gensim_gym.generation.llm.backend import Backend, OfflineBackend, Reply, StageContext, current_context
from gensim_gym.generation.llm.cache import StageCache, default_cache_dir
from gensim_gym.generation.llm.capabilities import RESPONSE_FORMATS, forget_endpoints
from gensim_gym.generation.llm.extract import extract_json
from gensim_gym.generation.llm.openai_backend import OpenAIBackend
from gensim_gym.generation.llm.pipeline import LLMGenerator, Usage
from gensim_gym.generation.llm.prompts import render_prompt, template_hash
from gensim_gym.generation.llm.schemas import STAGES, response_format, section_schema

__all__ = ["RESPONSE_FORMATS", "STAGES", "Backend", "Batch", "LLMGenerator", "OfflineBackend", "OpenAIBackend",
           "Reply", "StageCache", "StageContext", "Usage", "current_context", "default_cache_dir", "extract_json",
           "forget_endpoints", "generate_llm", "generate_many", "llm_family", "make_backend", "render_prompt",
           "response_format", "section_schema", "template_hash"]
