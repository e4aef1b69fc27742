/* fatekit page bundle of sources 76f6cc9ec26036bb801a60ceadf6bdcdbb8326689e2b46bb606f5c552734b15f */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-HSZKKXIO.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
