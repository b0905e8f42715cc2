void line_done(void); void line_done(void) {}
