/* SPDX-License-Identifier: GPL-3.0-or-later */
typedef int cli_info_placeholder;
