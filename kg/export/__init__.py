"""Exporters: one module per format family, each registering its formats in ``kg.registry``."""
