print(",".join(5))
