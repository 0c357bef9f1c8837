"""What the tests share, a module for each thing it holds (the clock, the configs, what a test does to a
desk, the site process, the browsers...). The fixtures stay in the conftest files."""

import pytest

# The helpers assert (a refused command changes nothing...): pytest explains their failures as a test's own.
pytest.register_assert_rewrite(__name__)
