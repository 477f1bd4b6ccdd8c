"""Phones as controllers and private screens: the server (:mod:`app.phones.server`) and its
place in the app's loop (:mod:`app.phones.service`). See docs/phones.md."""
