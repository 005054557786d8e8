"""Anthology: three ant-themed board games."""
__version__ = "0.1.0"
