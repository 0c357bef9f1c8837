"""The TD console: the main window a tournament director keeps open all evening, and its dialogs."""
