import pytest


@pytest.fixture(autouse=True)
def _no_lan_discovery(monkeypatch):
    """No test announces or looks for tables on the local network."""
    monkeypatch.setenv("ANTHOLOGY_NO_DISCOVERY", "1")
