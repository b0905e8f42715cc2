print("%f" % "x")
