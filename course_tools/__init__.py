"""Herramientas del profesorado: construir, comprobar y corregir el curso.

Nunca las importa un cuaderno; los cuadernos solo importan ``rukh_helpers``.
"""
