print("never printed")

class Config:
    n_embd = 4
