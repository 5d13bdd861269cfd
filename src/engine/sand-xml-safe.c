/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sand-xml-safe.c: not written yet. */
typedef int sand_xml_safe_placeholder;
