"""The widgets of the inspector page: the address bar and its colours, the panels and tabs."""
