"""editor"""
