"""Input for the box: every remote, keyboard and replay file turned into canonical buttons.

- :mod:`remote.buttons` the buttons and the events the app receives;
- :mod:`remote.keymap` stage 1, one remote's device codes to buttons (from the firmware profile);
- :mod:`remote.pipeline` repeats, long presses, IR de-duplication and synthesised releases;
- :mod:`remote.evdev_source`, :mod:`remote.sources`, :mod:`remote.keyboard` where input comes from
  (``/dev/input``, recorded logs, pygame keys); :mod:`remote.fakes` a device layer without devices;
- :mod:`remote.replay` a recorded log through the pipeline on a virtual clock.

This package never imports ``engines`` or ``app``.
"""
