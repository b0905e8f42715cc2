print("ran")
class Config:
    n_embd = 4
