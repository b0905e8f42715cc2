print("a plain class, as GPT configs are written")

class Config:
    n_embd = 4
    n_head = 2
    def head_size(self):
        return self.n_embd // self.n_head

c = Config()
print(Config.n_embd, c.head_size())
