print("never printed")
try:
    x = 1
except Exception:
    pass
