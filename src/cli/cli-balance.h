/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

int sand_cli_balance (int argc, char **argv);
