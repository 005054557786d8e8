"""Anthology: three ant-themed board games."""
__version__ = "0.9.0"   # the one version: menu, Settings, records, log, builds
