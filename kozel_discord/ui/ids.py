"""The pattern of a table id inside the custom ids of persistent components
(``DynamicItem`` templates): one place, imported by every module that declares one."""

TID = r"(?P<tid>[0-9a-f]{12})"
