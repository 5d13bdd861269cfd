/* SPDX-License-Identifier: GPL-3.0-or-later */
typedef int sand_renderer_placeholder;
