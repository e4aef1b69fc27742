/* fatekit page bundle of sources 9b1338966f7df2d2632e5f0ec1bcc20f6ad2d79398e05ba24d73969fa1481b2e */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-QPKL7LP7.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
