import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { ProductMark } from "@/components/product-mark";

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-background px-4 text-center">
      <ProductMark className="size-10 opacity-80" />
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        There is nothing at{" "}
        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{location.pathname}</code>.
      </p>
      <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Return to Home
      </Link>
    </div>
  );
}
