"""``BoundedCache``: a memo dict that cannot grow without bound.

The compile caches shared by every task of a layout (ground actions, landmark tables, runtime
tables, ...) are keyed by object groupings and goals. In a domain with many of those (calendar: about
one new entry per generated task, ~20 kB each) an unlimited task stream would grow them for as long as
it runs. Dropping entries only costs recomputation: every reader goes through ``get`` and rebuilds a
missing entry, so results do not depend on what was dropped.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from gensim_gym.errors import ArgumentError


class BoundedCache(dict):
    """A dict that drops its oldest quarter of entries when an insertion would exceed ``maxsize``.

    Lookups are plain dict lookups; only inserting a new key pays the size check. Eviction in blocks
    keeps it O(1) amortised (removing dict entries one at a time from the front is not). A copy or
    pickle of the cache is empty: a memo is rebuilt where it is used, not shipped.
    """

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        if maxsize < 1:
            raise ArgumentError(f"maxsize must be >= 1, got {maxsize}")
        self.maxsize = maxsize

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= self.maxsize and key not in self:
            for old in list(islice(self, max(1, self.maxsize // 4))):
                del self[old]
        super().__setitem__(key, value)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __reduce__(self) -> tuple:
        return type(self), (self.maxsize,)
