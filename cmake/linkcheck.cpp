// SPDX-License-Identifier: MIT
// The program of a layer's link check (ui/CMakeLists.txt, pe_ui_layer): it links every object of
// one layer's library with the layers below it alone, and does nothing.
int main() { return 0; }
