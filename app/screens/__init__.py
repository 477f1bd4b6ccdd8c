"""The shell's screens: home, settings, help, menu and the saved-games list."""
