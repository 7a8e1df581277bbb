"""An HTTP client for the ``openai`` package that does not retry a request the server may still be working on.

The ``openai`` client retries read timeouts like any transport fault. On a
CPU server that is harmful: the server keeps generating the abandoned
answer (observed with llama-cpp-python: 515-939 s per answer), so every
retry queues behind it and the server stays busy long after the client gave
up. This client turns a *read* timeout into :class:`ReadTimeoutNotRetried`,
an ``openai.APITimeoutError``, which the client passes through without
retrying: it re-raises its own errors from ``send`` as they are (checked by
``test_read_timeout_is_not_retried_and_says_why`` on the installed version).
Connect timeouts, refused connections, 429 and 5xx keep the client's retries:
those requests never reached a busy model.
"""

from __future__ import annotations

import importlib
from typing import Any


def _httpx_module(openai: Any) -> Any:
    """The httpx-compatible module under ``openai.DefaultHttpxClient`` (``httpx``, or ``httpx2`` in openai 3.x)."""
    for cls in openai.DefaultHttpxClient.__mro__:
        root = cls.__module__.split(".")[0]
        if cls.__name__ == "Client" and root.startswith("httpx"):
            return importlib.import_module(root)
    raise ImportError("openai.DefaultHttpxClient is not an httpx client; pass retry_timeouts=True")


def no_timeout_retry_client(openai: Any) -> Any:
    """An ``openai.DefaultHttpxClient`` (same defaults, proxies and limits) whose read timeouts raise
    :class:`ReadTimeoutNotRetried`."""
    httpx = _httpx_module(openai)

    class ReadTimeoutNotRetried(openai.APITimeoutError):
        """The server did not answer in time; not retried, since it may still be generating."""

        not_retried = True

    class Client(openai.DefaultHttpxClient):
        def send(self, request: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().send(request, *args, **kwargs)
            except httpx.ReadTimeout as exc:
                raise ReadTimeoutNotRetried(request=request) from exc

    return Client()
