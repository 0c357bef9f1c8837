"""What the tests share, a module for each thing it holds (the clock, the configs, what a test does to a
desk, the site process, the browsers...). The fixtures stay in the conftest files."""
