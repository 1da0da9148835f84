"""The Qt item models the window's tables and trees show, each over a core result."""
