import torch
torch.manual_seed(123)
x = 3.14159
n = -42
t = torch.rand(2, 3)
print(f"{x}", f"{x:.4f}", f"{t.shape}", f"{x=}", f"{x!r:>10}|", f"{{lit}}")
print("Sum:", t.sum())
print(f"t = {t}")
print(f"{t.sum():.3f}", f"{t[0, 0]}", f"{torch.tensor(2)}", f"{torch.tensor(True)}", f"{t.sum().item():8.2e}")
s = "a" + "b" + str(12) + str(t.shape) + repr("x") + str(None) + str(True)
print(s, str(1.5), repr(t[0]), str(), repr(2.0), format(x, ".2f"), format(7))
print(f"{1234567:,}", f"{1234567.891:,.2f}", f"{0.5:%}", f"{n:05d}", f"{'ab':^6}|", f"{255:#x}", f"{255:#o}", f"{5:#b}")
print(f"{x:10.2e}|", f"{x:.3}", f"{100.0:.3}", f"{12.0:.3}", f"{x:<9.1f}|", f"{x:*^11.3f}", f"{n:+}", f"{7: d}")
print(f"{x:{'>'}{12}.{2}f}", f"{'abcdef':.3}", f"{'é':>3}|", f"{65:c}", f"{True}", f"{True:>5}", f"{-0.0:z.1f}")
w = 8
print(f"{n:>{w}}|{x:^{w}.2f}|{'k':<{w}}|", f"{t.shape[0] * 10}", f"{'nested ' + f'{n}'}")
print(f"""triple {x:.1f}
line two {n}""", f"a" "b" f"{n}")
print(f"{float('inf')}", f"{float('nan'):f}", f"{1e-5}", f"{1e16:g}", f"{2.5:.0f}", f"{3.5:.0f}")
print(f"{t!s}" == str(t), f"{t[1]!r}")
