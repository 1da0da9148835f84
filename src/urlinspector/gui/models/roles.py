"""The Qt item data roles, orientation and empty index the models answer for, by short
names."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

__all__ = [
    "BACKGROUND",
    "DISPLAY",
    "FONT",
    "FOREGROUND",
    "HORIZONTAL",
    "INVALID",
    "TOOLTIP",
    "AnyIndex",
]

DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
FOREGROUND = Qt.ItemDataRole.ForegroundRole
BACKGROUND = Qt.ItemDataRole.BackgroundRole
FONT = Qt.ItemDataRole.FontRole
HORIZONTAL = Qt.Orientation.Horizontal
INVALID = QModelIndex()
AnyIndex = QModelIndex | QPersistentModelIndex
